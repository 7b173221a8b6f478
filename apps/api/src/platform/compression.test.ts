import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, decodeAnswer, signInAs, type TestApp } from '../test-support/test-app';

let t: TestApp;
let webDist: string;
/** A built bundle as the web build leaves it: the file with its .br and .gz beside it. */
const bundle = `console.log(${JSON.stringify('stockpot '.repeat(400))});\n`;
const bundleBr = brotliCompressSync(Buffer.from(bundle));

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'stockpot-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Stockpot</title>');
  writeFileSync(path.join(webDist, 'assets/app-1a2b3c.js'), bundle);
  writeFileSync(path.join(webDist, 'assets/app-1a2b3c.js.br'), bundleBr);
  writeFileSync(path.join(webDist, 'assets/app-1a2b3c.js.gz'), gzipSync(Buffer.from(bundle)));
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('compressed API answers', () => {
  it('sends answers of 1 KB and more as brotli or gzip, whichever the client takes', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small answers as they are', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});

describe('the precompressed web build', () => {
  it("serves the build's own .br file as it is, not compressed a second time", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Buffer.compare(response.rawPayload, bundleBr)).toBe(0);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(bundle);
  });
});

describe('kept answers', () => {
  it('sends a kept list page compressed with the headers the plugin sets, decoding to the plain page', async () => {
    const token = await signInAs(t.app, 'owner@demo.test');
    const url = '/api/v1/items?page=1&limit=50';
    const plain = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(token), 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(decodeAnswer(response)).toBe(plain.body);
    }
  });
});
