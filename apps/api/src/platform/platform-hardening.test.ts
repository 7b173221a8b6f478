import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@stockpot/db/seed';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { AUTH_SECRET, bearer, createTestApp, signInAs, type TestApp } from '../test-support/test-app';

/**
 * Platform defects of the security probe (issue 14: 7, 9, 13, 14, 15, HSTS, OpenAPI): bad input
 * answering 500 and logging SQL, validation before authentication, the rate limiter's code, raw
 * library messages, secrets in logs, HSTS over plain HTTP, public routes marked as needing a token.
 */

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
  owner = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
});

interface OpenApiOperation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
}
type OpenApiDocument = { security?: unknown[]; paths: Record<string, Record<string, OpenApiOperation>> };

const readOpenApi = async (): Promise<OpenApiDocument> =>
  (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('authentication before validation', () => {
  it('answers 401, not validation details, on every private route of the OpenAPI document', async () => {
    const doc = await readOpenApi();
    const checked: string[] = [];
    const leaks: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const method of METHODS) {
        const operation = operations[method];
        if (!operation || (operation.security && operation.security.length === 0)) continue;
        // Every parameter and body is wrong, so a route that validates first answers 400.
        const url = path.replace(/\{[^}]+\}/g, 'not-a-number') + '?page=x&limit=x&filterOptions=x&analytics=x';
        const response = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          ...(method === 'get' || method === 'delete' ? {} : { payload: [] }),
        });
        checked.push(`${method} ${path}`);
        if (response.statusCode !== 401) leaks.push(`${method} ${path}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
    expect(leaks).toEqual([]);
  });

  it('marks sign-in and health as public in the OpenAPI document, and the rest as needing a token', async () => {
    const doc = await readOpenApi();
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/authenticate']?.post?.security).toEqual([]);
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    expect(doc.paths['/api/v1/users/current-user']?.get?.security).toBeUndefined();
    expect(doc.paths['/api/v1/orders/{id}']?.get?.security).toBeUndefined();
  });
});

describe('bad input answers 400 with a clear message, never 500', () => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(owner), ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  const cases: [string, () => ReturnType<typeof call>, RegExp][] = [
    ['an order id of 2^31 in the path', () => call('GET', '/api/v1/orders/2147483648'), /id is not a known id/i],
    ['an item id of 2^31 in the path', () => call('GET', '/api/v1/items/2147483648'), /not a known id/],
    ['a distributor id of 2^31 in the path', () => call('GET', '/api/v1/distributors/99999999999'), /not a known id/],
    ['a list id of 2^31 in the path', () => call('GET', '/api/v1/shopping-lists/2147483648'), /not a known id/],
    ['an item id of 2^31 in a nested path', () => call('DELETE', '/api/v1/shopping-lists/1/2147483648'), /not a known id/],
    ['an item id of 2^31 in matches', () => call('GET', '/api/v1/items/matches/2147483648'), /not a known id/],
    [
      'an id of 2^31 in a query filter',
      () => call('GET', `/api/v1/items?filterOptions=${encodeURIComponent(JSON.stringify({ distributorIds: [2147483648] }))}`),
      /not a known id/,
    ],
    [
      'an id of 2^31 in a body',
      () =>
        call('POST', '/api/v1/shopping-carts', {
          itemList: [{ itemDistributorId: 2147483648, quantity: 1 }],
          lastModified: null,
        }),
      /not a known id/,
    ],
    [
      'an id of 2^31 in a list body',
      () => call('POST', '/api/v1/shopping-lists/1/add-one', { itemDistributorId: 2147483648 }),
      /not a known id/,
    ],
    [
      'a NUL character in a name',
      () => call('POST', '/api/v1/shopping-lists', { name: 'a\u0000b' }),
      /contains a character that is not allowed/,
    ],
    [
      'a NUL character in a key',
      () => call('POST', '/api/v1/shopping-lists', '{"name":"ok","a\\u0000":1}'),
      /contains a character that is not allowed/,
    ],
    [
      'a lone surrogate in text',
      () => call('POST', '/api/v1/shopping-lists', '{"name":"broken \\ud83c"}'),
      /contains a character that is not allowed/,
    ],
    [
      'a lone surrogate in a JSON-stored field',
      () =>
        call('POST', '/api/v1/shopping-carts', {
          itemList: [{ quantity: 1, specialItem: { distributorId: 531, description: 'Oil \uD83C', uom: 'CS' } }],
          lastModified: null,
        }),
      /contains a character that is not allowed/,
    ],
    [
      'a NUL character in a query',
      () => call('GET', '/api/v1/items/search-suggestions?search=a%00b'),
      /contains a character that is not allowed/,
    ],
    [
      'quantity true',
      () => call('POST', '/api/v1/shopping-carts', { itemList: [{ itemDistributorId: 1, quantity: true }], lastModified: null }),
      /Quantity must be a number\./,
    ],
    [
      'true as an item id',
      () =>
        call('POST', '/api/v1/items/swap-reject', { swaps: [{ old_item_dist_id: true, new_item_dist_id: 2, type: 'reject' }] }),
      /must be numbers/,
    ],
    ['a limit that is not a number', () => call('GET', '/api/v1/orders?limit=abc'), /^limit: Limit must be a number\.$/],
    [
      'deeply nested JSON',
      () => call('POST', '/api/v1/shopping-lists', `${'['.repeat(5000)}${']'.repeat(5000)}`),
      /nested too deeply/,
    ],
  ];

  for (const [what, request, message] of cases) {
    it(`refuses ${what}`, async () => {
      const response = await request();
      expect(response.statusCode).toBe(400);
      const body = response.json() as { message: string; code: string };
      expect(body.code).toBe('validation_error');
      expect(body.message).toMatch(message);
      expect(body.message).not.toMatch(/expected|received|select |insert /i);
    });
  }

  it('refuses unsafe text on a route without a body schema too', async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: bearer(token),
      payload: { note: 'a\u0000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^note: Note contains a character that is not allowed/);
  });

  it('says what is wrong with a body it cannot read', async () => {
    const malformed = await call('POST', '/api/v1/shopping-lists', '{"name":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON.');
    const tooLarge = await call('POST', '/api/v1/shopping-lists', JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('The request body is too large (1 MB at most).');
  });

  it('answers an address it cannot decode in the house error shape, without quoting it (issue 33, defect 8)', async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    for (const url of ['/api/v1/users/%ED%A0%80', '/api/v1/orders/%E0%A4%A']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'The address of the request is not valid: check its percent-encoded characters.',
        code: 'bad_request',
      });
    }
  });

  it('answers company_id 99999999999 at sign-in with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { email: 'owner@demo.test', password: 'demo1234', company_id: '99999999999', secret: AUTH_SECRET },
      remoteAddress: '10.70.0.1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('company_id: Company id is not a known id.');
  });

  it('logs no SQL and no parameters for any of it', () => {
    // Refused at the boundary: nothing reached the database, so no warning or error was logged at all.
    expect(logLines.filter((l) => /Failed query|params:|"level":[456]0/.test(l))).toEqual([]);
  });
});

describe('rate limiter', () => {
  it("answers 429 with the code 'rate_limited' and a sentence", async () => {
    const statuses: number[] = [];
    let last: { message: string; code: string } | null = null;
    for (let i = 0; i < 31; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/authenticate',
        payload: { email: 'owner@demo.test', password: 'x', company_id: '1', secret: 'wrong-client' },
        remoteAddress: '10.80.0.1',
      });
      statuses.push(response.statusCode);
      last = response.json();
    }
    expect(statuses.at(-1)).toBe(429);
    expect(last).toMatchObject({ code: 'rate_limited' });
    expect(last?.message).toMatch(/^Too many requests\. Please wait .+ and try again\.$/);
  });
});

describe('HSTS', () => {
  it('is not sent over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const config = loadConfig(
      {},
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', TRUST_PROXY: ['127.0.0.1'] },
    );
    const app = await buildApp({ config, db: t.handle.db, databaseKind: t.handle.kind });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  it('never hold a card token from a URL or the e-mail of a failed sign-in', async () => {
    const before = logLines.length;
    const token = 'tok_visible_in_url_123';
    await t.app.inject({ method: 'GET', url: `/api/v1/payment-methods/${token}`, headers: bearer(owner) });
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { email: 'chef@demo.test', password: 'wrong', company_id: '1', secret: AUTH_SECRET },
      remoteAddress: '10.90.0.1',
    });
    expect(failed.statusCode).toBe(400);
    const text = logLines.slice(before).join('\n');
    expect(text).toContain('/api/v1/payment-methods/[redacted]');
    expect(text).toContain('sign-in failed');
    expect(text).not.toContain(token);
    expect(text).not.toContain('chef@demo.test');
  });

  it('never hold the bearer token', () => {
    expect(logLines.join('\n')).not.toContain(owner);
    expect(DEMO_IDS.users.owner).toBe(1);
  });
});
