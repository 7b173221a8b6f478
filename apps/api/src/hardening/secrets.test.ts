/**
 * Secrets and headers (issue 14 "Suites"): after the card flows (tokenise, save, change, pay,
 * declined and invalid cards), a Luhn scan of every database table and of the logs finds no card
 * number, and no CVC, password or session token is logged; every answer carries the security
 * headers, API answers are not cached, and HSTS is not sent over plain HTTP.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { isLuhnValid } from '@stockpot/domain';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { bearer, createTestApp, signInAs, type TestApp } from '../test-support/test-app';
import {
  addCartLine,
  buildOrderPayload,
  findOrderableItems,
  waitForPurchaseOrderJob,
} from '../features/checkout/checkout-test-fixtures';
import { listApiRoutes, LogCapture } from './hardening-support';

const GRILL = DEMO_IDS.locations.harborGrill;
const HARBORLINE = DEMO_IDS.distributors.harborline;
const CVC = '987';
/** Test cards: approved Visa, Mastercard, Amex, Discover; declined; insufficient funds; expired; one failing Luhn. */
const CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  notLuhn: '4242424242424241',
};
const WRONG_PASSWORD = 'Wr0ng-Passw0rd-Zq';

let t: TestApp;
let owner: string;
let filesDir: string;
const logs = new LogCapture();
const db = () => t.handle.db;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'stockpot-secrets-'));
  t = await createTestApp({ LOG_LEVEL: 'debug', FILES_DIR: filesDir }, { logStream: logs });
  owner = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

/** Card-number shapes: the brand prefixes and lengths of Visa, Mastercard, Amex, Discover, Diners and JCB. */
const CARD_SHAPE =
  /^(4\d{12}(\d{3}){0,2}|5[1-5]\d{14}|2[2-7]\d{14}|3[47]\d{13}|3(0[0-5]|[68]\d)\d{11}|6(011|5\d\d)\d{12}|35\d{14})$/;

/** Card numbers in a text: runs of 13 to 19 digits (spaces or dashes between groups allowed) of a card's shape that pass Luhn. */
function findCardNumbers(text: string): string[] {
  const found: string[] = [];
  // Not the digits of a decimal fraction ("responseTime":12.4222300000037).
  for (const match of text.matchAll(/(?<![\d.])\d(?:[ -]?\d){12,18}/g)) {
    const digits = match[0].replace(/[ -]/g, '');
    // Any 13-19 digit window of a longer run could hold a number.
    for (let length = 19; length >= 13; length -= 1)
      for (let start = 0; start + length <= digits.length; start += 1) {
        const candidate = digits.slice(start, start + length);
        if (CARD_SHAPE.test(candidate) && isLuhnValid(candidate)) found.push(candidate);
      }
  }
  return [...new Set(found)];
}

async function tokenise(number: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/payment-gateway/test/tokens',
    remoteAddress,
    payload: { number, exp_month: 12, exp_year: 2034, cvc: CVC, address_line1: '140 Atlantic Avenue', address_zip: '02110' },
  });
}

describe('card flows leave no card number behind', () => {
  const tokens: string[] = [];

  beforeAll(async () => {
    let client = 0;
    const from = () => `10.9.0.${(client += 1)}`;
    // Tokenise every test card, also with spaces, and a malformed request carrying a number.
    for (const number of Object.values(CARDS)) {
      const response = await tokenise(number, from());
      if (response.statusCode === 200) tokens.push(response.json().id as string);
      await tokenise(number.replace(/(\d{4})/g, '$1 ').trim(), from());
    }
    await t.app.inject({
      method: 'POST',
      url: '/payment-gateway/test/tokens',
      remoteAddress: from(),
      payload: { number: CARDS.visa, cvc: 'abc' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/payment-gateway/test/tokens',
      remoteAddress: from(),
      headers: { 'content-type': 'application/json' },
      payload: `{"number": "${CARDS.visa}", "cvc": "${CVC}"`,
    });

    // Save the approved cards to Harbor Grill, rename one, read them, delete one.
    const billing = { address_line1: '140 Atlantic Avenue', address_city: 'Boston', address_state: 'MA', address_zip: '02110' };
    for (const token of tokens) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment-methods',
        headers: bearer(owner),
        payload: { ...billing, token },
      });
    }
    // A card number sent where a token belongs is refused, and must not be kept either.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment-methods',
      headers: bearer(owner),
      payload: { ...billing, token: CARDS.visa },
    });
    const saved = await queryRows<{ token: string }>(
      db(),
      sql`SELECT token FROM payment_methods WHERE location_id = ${GRILL} ORDER BY id`,
    );
    if (saved[0]) {
      const url = `/api/v1/payment-methods/${encodeURIComponent(saved[0].token)}`;
      await t.app.inject({ method: 'PATCH', url, headers: bearer(owner), payload: { nickname: 'Kitchen card' } });
      await t.app.inject({ method: 'GET', url, headers: bearer(owner) });
    }

    // Pay orders by card: approved, and declined (402).
    for (const [offset, token] of [
      [0, saved[0]?.token],
      [5, tokens.find((_, i) => i === tokens.length - 1)],
    ] as const) {
      if (!token) continue;
      const lines: number[] = [];
      for (const item of await findOrderableItems(db(), GRILL, HARBORLINE, 2, offset))
        lines.push(await addCartLine(db(), GRILL, item, 1));
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...bearer(owner), 'idempotency-key': `card-${offset}` },
        payload: await buildOrderPayload(db(), GRILL, HARBORLINE, lines, { cardToken: token }),
      });
      // Its purchase order files are part of the data folder scanned below.
      if (placed.statusCode === 201) await waitForPurchaseOrderJob(db(), placed.json().data.id);
    }
    // A declined card tokenised on purpose and paid with.
    const declined = await tokenise(CARDS.declined, from());
    expect(declined.statusCode).toBe(200);
    // Failed sign-ins with a password in the body.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { email: 'owner@demo.test', password: WRONG_PASSWORD, company_id: '1', secret: 'stockpot-web' },
    });
  });

  it('recognises card numbers (the scan itself)', () => {
    expect(findCardNumbers(`paid with 4242 4242 4242 4242 and ${CARDS.amex}`)).toEqual(
      expect.arrayContaining([CARDS.visa, CARDS.amex]),
    );
    expect(findCardNumbers('{"time":1795408925730,"din":"1000482","phone":"(617) 555-0142"}')).toEqual([]);
    expect(findCardNumbers(CARDS.notLuhn)).toEqual([]);
    expect(findCardNumbers('"responseTime":12.4222300000037')).toEqual([]);
  });

  it('went through the card flows it claims to', async () => {
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    const [cards] = await queryRows<{ count: number }>(
      db(),
      sql`SELECT count(*)::int AS count FROM payment_methods WHERE location_id = ${GRILL}`,
    );
    expect(cards.count).toBeGreaterThanOrEqual(3);
    const [paid] = await queryRows<{ count: number }>(
      db(),
      sql`SELECT count(*)::int AS count FROM orders WHERE location_id = ${GRILL} AND payment_type = 'card'`,
    );
    expect(paid.count).toBeGreaterThanOrEqual(1);
  });

  it('keeps no card number in any table', async () => {
    const tables = await queryRows<{ name: string }>(
      db(),
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    const found: string[] = [];
    for (const { name } of tables) {
      const rows = await queryRows<{ row: string }>(db(), sql`SELECT t::text AS row FROM ${sql.raw(`"${name}"`)} t`);
      for (const { row } of rows) for (const number of findCardNumbers(row)) found.push(`${name}: ${number}`);
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it('keeps no card number in the data folder: the embedded database files and the generated documents', async () => {
    const found: string[] = [];
    // Binary files hold digit runs of their own (tar headers, page checksums) that pass Luhn by
    // chance, so these are searched for the numbers the flows above actually sent.
    const scan = (where: string, bytes: Buffer) => {
      for (const number of Object.values(CARDS)) if (bytes.includes(number, 0, 'latin1')) found.push(`${where}: ${number}`);
    };
    const documents = readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(documents.length, 'purchase order files were written').toBeGreaterThan(0);
    for (const entry of documents) scan(entry.name, readFileSync(path.join(entry.parentPath, entry.name)));
    if (t.handle.kind === 'pglite') {
      // The embedded engine's data directory as it would sit under DATA_DIR: heap, indexes and WAL.
      const client = (db() as unknown as { $client: PGlite }).$client;
      await client.query('CHECKPOINT');
      const tar = await client.dumpDataDir('none');
      scan('PGlite data directory', Buffer.from(await tar.arrayBuffer()));
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it('logs no card number, CVC, password or session token', () => {
    const text = logs.text();
    expect(logs.lines.length).toBeGreaterThan(0);
    const inLines = logs.lines.flatMap((line) => findCardNumbers(line).map((number) => `${number} in ${line.slice(0, 400)}`));
    expect(inLines).toEqual([]);
    expect(text).not.toMatch(new RegExp(`"cvc"\\s*:\\s*"?${CVC}`));
    expect(text).not.toContain(WRONG_PASSWORD);
    expect(text).not.toContain('demo1234');
    expect(text).not.toContain(owner);
    // Card tokens are bearer secrets for a card: not in logged URLs either.
    expect(tokens.filter((token) => text.includes(token)).length, 'card tokens in the logs').toBe(0);
  });
});

describe('security headers', () => {
  const REQUIRED: Record<string, RegExp> = {
    'x-content-type-options': /^nosniff$/,
    'x-frame-options': /^(DENY|SAMEORIGIN)$/,
    'content-security-policy': /frame-ancestors '(none|self)'/,
    'referrer-policy': /.+/,
    'cross-origin-opener-policy': /.+/,
    'cross-origin-resource-policy': /.+/,
  };

  function headerProblems(where: string, response: LightMyRequestResponse, isApi: boolean): string[] {
    const problems: string[] = [];
    for (const [name, pattern] of Object.entries(REQUIRED)) {
      const value = response.headers[name];
      if (typeof value !== 'string' || !pattern.test(value)) problems.push(`${where}: ${name} is ${String(value)}`);
    }
    // Served over plain HTTP here: HSTS belongs to answers that came over TLS.
    if (response.headers['strict-transport-security']) problems.push(`${where}: HSTS sent over plain HTTP`);
    if (isApi && !/no-store/.test(String(response.headers['cache-control'] ?? '')))
      problems.push(`${where}: cache-control is ${String(response.headers['cache-control'])}, not no-store`);
    return problems;
  }

  it('sends them on every answer: each route of the document, errors, the gateway and the docs', async () => {
    const problems: string[] = [];
    const requests: { where: string; request: InjectOptions; isApi: boolean }[] = [];
    for (const route of listApiRoutes(t.app)) {
      const url = route.path.replace(/\{(\w+)\}/g, '1');
      requests.push({
        where: route.key,
        request: { method: route.method, url, headers: bearer(owner), ...(route.body ? { payload: {} } : {}) },
        isApi: true,
      });
      requests.push({ where: `${route.key} without a session`, request: { method: route.method, url }, isApi: true });
    }
    requests.push(
      {
        where: 'unknown API route',
        request: { method: 'GET', url: '/api/v1/no-such-route', headers: bearer(owner) },
        isApi: true,
      },
      {
        where: 'malformed JSON',
        request: {
          method: 'POST',
          url: '/api/v1/shopping-lists',
          headers: { ...bearer(owner), 'content-type': 'application/json' },
          payload: '{',
        },
        isApi: true,
      },
      {
        where: 'body too large',
        request: {
          method: 'POST',
          url: '/api/v1/shopping-lists',
          headers: { ...bearer(owner), 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
        },
        isApi: true,
      },
      {
        where: 'the sign-in answer',
        request: {
          method: 'POST',
          url: '/api/v1/authenticate',
          payload: { email: 'owner@demo.test', password: 'demo1234', company_id: '1', secret: 'stockpot-web' },
        },
        isApi: true,
      },
      {
        where: 'the test gateway',
        request: {
          method: 'POST',
          url: '/payment-gateway/test/tokens',
          remoteAddress: '10.9.9.9',
          payload: { number: CARDS.visa },
        },
        isApi: false,
      },
      { where: 'the OpenAPI document', request: { method: 'GET', url: '/api/docs/json' }, isApi: false },
      { where: 'a page of the app', request: { method: 'GET', url: '/place-order' }, isApi: false },
    );
    for (const { where, request, isApi } of requests) problems.push(...headerProblems(where, await t.app.inject(request), isApi));
    // Grouped by what is wrong, with the answers it is wrong on.
    const grouped: Record<string, string[]> = {};
    for (const problem of problems) {
      const at = problem.indexOf(': ');
      (grouped[problem.slice(at + 2)] ??= []).push(problem.slice(0, at));
    }
    expect(grouped).toEqual({});
  });

  it('says in the OpenAPI document that sign-in and health need no session', () => {
    const routes = listApiRoutes(t.app);
    expect(
      routes.filter((r) => ['GET /api/health', 'POST /api/v1/authenticate'].includes(r.key) && r.isSecured).map((r) => r.key),
    ).toEqual([]);
  });
});
