import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressedAnswer } from './compressed-answers';

const page = Buffer.from(JSON.stringify({ data: Array.from({ length: 40 }, (_, id) => ({ id, name: `Item ${id}` })) }));

describe('chooseEncoding', () => {
  it('negotiates as @fastify/compress does: brotli first, q-values honoured, * and x-gzip as gzip', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('BR')).toBe('br');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('deflate')).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('compressedAnswer', () => {
  it('compresses an answer once per encoding and answers the same bytes after', async () => {
    const answer = Buffer.from(page);
    const br = await compressedAnswer(answer, 'gzip, br');
    expect(br?.encoding).toBe('br');
    expect(brotliDecompressSync(br!.bytes).equals(answer)).toBe(true);
    expect(br!.bytes.length).toBeLessThan(answer.length);
    // Kept with the Buffer: the same bytes object, not compressed again.
    expect((await compressedAnswer(answer, 'br'))?.bytes).toBe(br!.bytes);

    const gzip = await compressedAnswer(answer, 'gzip');
    expect(gzip?.encoding).toBe('gzip');
    expect(gunzipSync(gzip!.bytes).equals(answer)).toBe(true);
    expect((await compressedAnswer(answer, 'gzip'))?.bytes).toBe(gzip!.bytes);
  });

  it('compresses once for readers that ask while the first compression runs', async () => {
    const answer = Buffer.from(page);
    const [first, second] = await Promise.all([compressedAnswer(answer, 'br'), compressedAnswer(answer, 'br')]);
    expect(second!.bytes).toBe(first!.bytes);
  });

  it("keeps each Buffer's own bytes: another answer with other text is compressed from its own", async () => {
    const first = Buffer.from(page);
    const second = Buffer.from(page.toString().replace('Item 1', 'Item one'));
    await compressedAnswer(first, 'br');
    expect(brotliDecompressSync((await compressedAnswer(second, 'br'))!.bytes).equals(second)).toBe(true);
  });

  it('leaves an answer under 1 KB, or a client that takes no encoding, to go as it is', async () => {
    expect(await compressedAnswer(Buffer.from('{"data":[]}'), 'br')).toBeNull();
    expect(await compressedAnswer(Buffer.from(page), undefined)).toBeNull();
    expect(await compressedAnswer(Buffer.from(page), 'identity')).toBeNull();
  });
});
