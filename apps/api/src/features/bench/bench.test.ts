import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

let t: TestApp;
const benchWas = process.env.BENCH_NOOP;

beforeAll(async () => {
  process.env.BENCH_NOOP = '1';
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  if (benchWas === undefined) delete process.env.BENCH_NOOP;
  else process.env.BENCH_NOOP = benchWas;
});

describe("the bench's bytes floor", () => {
  it('sends the kept answer, signed in, compressed as a kept read is', async () => {
    const token = await signInAs(t.app, 'owner@demo.test');
    const before = await t.app.inject({ method: 'GET', url: '/api/bench/bytes', headers: bearer(token) });
    expect(before.statusCode).toBe(404);

    const answer = { data: Array.from({ length: 300 }, (_, id) => ({ id, name: `Item ${id}`, price: '12.34' })) };
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/bench/bytes', payload: answer });
    expect(anonymous.statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: '/api/bench/bytes', headers: bearer(token), payload: answer });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ bytes: JSON.stringify(answer).length });

    const unsigned = await t.app.inject({ method: 'GET', url: '/api/bench/bytes' });
    expect(unsigned.statusCode).toBe(401);
    const sent = await t.app.inject({
      method: 'GET',
      url: '/api/bench/bytes',
      headers: { ...bearer(token), 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-encoding']).toBe('br');
    expect(sent.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(brotliDecompressSync(sent.rawPayload).toString())).toEqual(answer);
  });
});
