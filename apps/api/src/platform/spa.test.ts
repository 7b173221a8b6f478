/**
 * The built web app's pages: deep links get index.html, /login gets the build's login.html (its
 * card painted from the HTML, apps/web/build/login-splash.ts) when the build wrote one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

const INDEX = '<!doctype html><title>Stockpot</title><div id="root"></div>';
const LOGIN = '<!doctype html><title>Stockpot</title><div id="root"><main class="splash"></main></div>';
const dists: string[] = [];
let withSplash: TestApp;
let withoutSplash: TestApp;

async function appServing(files: Record<string, string>): Promise<TestApp> {
  const dist = mkdtempSync(path.join(tmpdir(), 'stockpot-spa-'));
  dists.push(dist);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dist, name), text);
  return createTestApp({ WEB_DIST: dist });
}

beforeAll(async () => {
  withSplash = await appServing({ 'index.html': INDEX, 'login.html': LOGIN });
  withoutSplash = await appServing({ 'index.html': INDEX });
});
afterAll(async () => {
  await withSplash?.close();
  await withoutSplash?.close();
  for (const dist of dists) rmSync(dist, { recursive: true, force: true });
});

const page = async (t: TestApp, url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type'], url).toMatch(/^text\/html/);
  expect(response.headers['cache-control'], url).toBe('no-cache');
  return response.body;
};

describe('the web app pages', () => {
  it('sends /login the page with its splash, every other page index.html', async () => {
    for (const url of ['/login', '/login/', '/login?next=%2Forders']) expect(await page(withSplash, url), url).toBe(LOGIN);
    for (const url of ['/', '/place-order/list', '/sign-up/1', '/login-help', '/admin-login']) {
      expect(await page(withSplash, url), url).toBe(INDEX);
    }
  });

  it('sends /login index.html when the build wrote no splash page', async () => {
    expect(await page(withoutSplash, '/login')).toBe(INDEX);
  });
});
