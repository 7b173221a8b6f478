import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressedAnswer, settleRecompressions } from './compressed-answers';

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
  it('compresses an answer once per encoding and answers the same bytes after', () => {
    const answer = Buffer.from(page);
    const br = compressedAnswer(answer, 'gzip, br');
    expect(br?.encoding).toBe('br');
    expect(brotliDecompressSync(br!.bytes).equals(answer)).toBe(true);
    expect(br!.bytes.length).toBeLessThan(answer.length);
    // Kept with the Buffer: the same bytes object, not compressed again.
    expect(compressedAnswer(answer, 'br')?.bytes).toBe(br!.bytes);

    const gzip = compressedAnswer(answer, 'gzip');
    expect(gzip?.encoding).toBe('gzip');
    expect(gunzipSync(gzip!.bytes).equals(answer)).toBe(true);
    expect(compressedAnswer(answer, 'gzip')?.bytes).toBe(gzip!.bytes);
  });

  it('compresses a kept answer again, smaller, once it is asked a second time, and serves those bytes from then on', async () => {
    const rows = Array.from({ length: 400 }, (_, id) => ({
      id,
      name: `Item ${(id * 7919) % 1000} ${['chicken', 'beef', 'flour', 'cream'][id % 4]}`,
      price: (id * 37) % 9973,
      packSize: `${(id % 12) + 1}/${(id % 5) + 1} LB`,
    }));
    const answer = Buffer.from(JSON.stringify({ data: rows }));
    const quick = compressedAnswer(answer, 'br')!.bytes;
    await settleRecompressions();
    // Asked once: nothing more is spent on it (a first-asked search stops here).
    const second = compressedAnswer(answer, 'br')!.bytes;
    expect(second).toBe(quick);
    await settleRecompressions();
    const kept = compressedAnswer(answer, 'br')!.bytes;
    expect(kept).not.toBe(quick);
    expect(kept.length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(kept).equals(answer)).toBe(true);
    await settleRecompressions();
    expect(compressedAnswer(answer, 'br')!.bytes).toBe(kept);
  });

  it("keeps each Buffer's own bytes: another answer with other text is compressed from its own", () => {
    const first = Buffer.from(page);
    const second = Buffer.from(page.toString().replace('Item 1', 'Item one'));
    compressedAnswer(first, 'br');
    expect(brotliDecompressSync(compressedAnswer(second, 'br')!.bytes).equals(second)).toBe(true);
  });

  it('leaves an answer under 1 KB, or a client that takes no encoding, to go as it is', () => {
    expect(compressedAnswer(Buffer.from('{"data":[]}'), 'br')).toBeNull();
    expect(compressedAnswer(Buffer.from(page), undefined)).toBeNull();
    expect(compressedAnswer(Buffer.from(page), 'identity')).toBeNull();
  });
});
