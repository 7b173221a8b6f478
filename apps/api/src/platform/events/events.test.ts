import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { openDatabase, queryRows, type DatabaseHandle } from '@stockpot/db';
import { buildOffer, OFFER_KINDS, type BuiltOffer } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { cartUpdateResponseSchema } from '@stockpot/domain';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { bumpCart, readCartVersion } from '../cart/cart-version.repo';
import { openTestStream, type TestStream } from './events.test-support';

const L = DEMO_IDS.locations;
const HEARTBEAT_SECONDS = 0.3;
let t: TestApp;
let baseUrl: string;
let owner: string;
let chef: string;
let offer: BuiltOffer;
const streams: TestStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ EVENTS_HEARTBEAT_SECONDS: HEARTBEAT_SECONDS });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
  offer = await buildOffer(t.handle.db, { locationId: L.harborGrill, ...OFFER_KINDS.orderable });
});
afterAll(async () => {
  streams.forEach((stream) => stream.close());
  await t?.close();
});

const at = (token: string, locationId: number) => ({ ...bearer(token), 'x-location-id': String(locationId) });

async function open(headers: Record<string, string>, query = '', app = baseUrl) {
  const stream = await openTestStream(app, headers, query);
  streams.push(stream);
  return stream;
}

/** A stream that is listening: its `ready` event has arrived. */
async function openReady(headers: Record<string, string>, query = '', app = baseUrl) {
  const stream = await open(headers, query, app);
  expect(stream.status, JSON.stringify(stream.body)).toBe(200);
  await stream.waitFor((event) => event.type === 'ready');
  return stream;
}

async function saveCart(app: FastifyInstance, token: string, quantity: number) {
  const current = await app.inject({ method: 'GET', url: '/api/v1/shopping-carts', headers: at(token, L.harborGrill) });
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/shopping-carts',
    headers: at(token, L.harborGrill),
    payload: { itemList: [{ itemDistributorId: offer.id, quantity }], lastModified: current.json().data.lastModified },
  });
  expect(response.statusCode, response.body).toBe(200);
  return cartUpdateResponseSchema.parse(response.json().data).lastModified;
}

describe('GET /api/v1/events', () => {
  it('needs a session, a location of the caller and a readable cartVersion', async () => {
    expect((await open({})).status).toBe(401);
    // The chef is not a member of Harbor Catering: the tab's location header does not open it.
    const foreign = await open(at(chef, L.harborCatering));
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'no_active_location', message: 'Choose a location first.' });
    const bad = await open(at(owner, L.harborGrill), '?cartVersion=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_error' });
    expect((bad.body as { message: string }).message).toContain('cartVersion: must be a lastModified of GET shopping-carts');
    // What the hardening suites' fuzzing would send (they leave this stream out: inject() cannot end it).
    for (const hostile of ['?cartVersion=1&cartVersion=2', `?cartVersion=${'9'.repeat(10_000)}`, '?cartVersion=%00']) {
      const refused = await open(at(owner, L.harborGrill), hostile);
      expect(refused.status, hostile.slice(0, 40)).toBe(400);
      expect((refused.body as { message: string }).message).toMatch(/^cartVersion/);
    }
    const badHeader = await open({ ...bearer(owner), 'x-location-id': '1; DROP TABLE carts' });
    expect(badHeader.status).toBe(400);
    expect(badHeader.body).toMatchObject({ message: 'The X-Location-Id header must be the id of one of your locations.' });
  });

  it("delivers another user's cart save to the location's open streams, with the saved version", async () => {
    const stream = await openReady(at(owner, L.harborGrill));
    const version = await saveCart(t.app, chef, 3);
    const event = await stream.waitFor((e) => e.type === 'cart' && e.version === version);
    // Only the type and the version: the client reads the cart itself.
    expect(event).toEqual({ type: 'cart', version });
    expect(stream.ids).toContain(version);
  });

  it('starts with the current cart version when the client has none or an older one (the catch-up)', async () => {
    const before = await readCartVersion(t.handle.db, L.harborGrill);
    // Changes made while this client was away.
    await bumpCart(t.handle.db, L.harborGrill);
    const current = await saveCart(t.app, chef, 4);
    const byQuery = await openReady(at(owner, L.harborGrill), `?cartVersion=${encodeURIComponent(before)}`);
    expect(await byQuery.waitFor((e) => e.type === 'cart')).toEqual({ type: 'cart', version: current });
    const byLastEventId = await openReady({ ...at(owner, L.harborGrill), 'last-event-id': before });
    expect(await byLastEventId.waitFor((e) => e.type === 'cart')).toEqual({ type: 'cart', version: current });
  });

  it('sends no catch-up to a client that is current: the first cart event is the next change', async () => {
    const current = await readCartVersion(t.handle.db, L.harborGrill);
    const stream = await openReady({ ...at(owner, L.harborGrill), 'last-event-id': current });
    const next = await saveCart(t.app, chef, 5);
    expect(await stream.waitFor((e) => e.type === 'cart')).toEqual({ type: 'cart', version: next });
  });

  it("never delivers another location's events", async () => {
    const grill = await openReady(at(owner, L.harborGrill));
    const express = await openReady(at(owner, L.harborGrillExpress));
    const expressAtStart = await express.waitFor((e) => e.type === 'cart');
    const grillVersion = await saveCart(t.app, chef, 6);
    await grill.waitFor((e) => e.type === 'cart' && e.version === grillVersion);
    const [order] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM orders WHERE location_id = ${L.harborGrill} ORDER BY id LIMIT 1`,
    );
    await t.handle.db.execute(sql`UPDATE orders SET po_status = 'failed' WHERE id = ${order.id}`);
    await grill.waitFor((e) => e.type === 'order' && e.orderId === order.id);
    // Notifications reach a process in commit order: once Express's own change is in, every
    // Harbor Grill change before it has been routed, and none of them went to the Express stream.
    const expressVersion = await bumpCart(t.handle.db, L.harborGrillExpress);
    await express.waitFor((e) => e.type === 'cart' && e.version === expressVersion);
    expect(express.events).toEqual([{ type: 'ready' }, expressAtStart, { type: 'cart', version: expressVersion }]);
  });

  it('tells an open order-history page that an order changed: dispatched, received, invoiced', async () => {
    const stream = await openReady(at(owner, L.harborGrill));
    const [order] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM orders WHERE location_id = ${L.harborGrill} AND status = 'submitted' ORDER BY id LIMIT 1`,
    );
    await t.handle.db.execute(sql`UPDATE orders SET po_status = 'sent', po_status_at = now() WHERE id = ${order.id}`);
    await stream.waitFor((e) => e.type === 'order' && e.orderId === order.id);
    const before = stream.events.length;
    await t.handle.db.execute(sql`UPDATE orders SET status = 'received', received_at = now() WHERE id = ${order.id}`);
    await stream.waitFor((e) => e.type === 'order' && stream.events.indexOf(e) >= before);
    // A write that changes nothing the page shows says nothing.
    await t.handle.db.execute(sql`UPDATE orders SET notes = notes WHERE id = ${order.id}`);
    const version = await bumpCart(t.handle.db, L.harborGrill);
    await stream.waitFor((e) => e.type === 'cart' && e.version === version);
    expect(stream.events.filter((e) => e.type === 'order')).toHaveLength(2);
  });

  it('ends the stream when its session signs out, and at once', async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    const stream = await openReady(at(token, L.harborGrill));
    const other = await openReady(at(chef, L.harborGrill));
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    await stream.ended;
    // The same user's other session keeps its stream.
    const version = await bumpCart(t.handle.db, L.harborGrill);
    await other.waitFor((e) => e.type === 'cart' && e.version === version);
    expect(other.isEnded()).toBe(false);
  });

  it('sends heartbeats, and ends a stream whose session ran out at the next one', async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    const stream = await openReady(at(token, L.harborGrill));
    expect(await stream.waitForComment()).toBe('keep-alive');
    // Expired without a revocation (nothing notified): the heartbeat's check finds it.
    await t.handle.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second'
          WHERE id = (SELECT max(id) FROM sessions WHERE user_id = ${DEMO_IDS.users.chef})`,
    );
    await stream.ended;
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let second: { app: FastifyInstance; handle: DatabaseHandle; url: string };

  beforeAll(async () => {
    const pool = (t.handle.db as unknown as { $client: pg.Pool }).$client;
    const url = pool.options.connectionString!;
    const handle = await openDatabase({ url, poolSize: 2 });
    // This one listens through EVENTS_LISTEN_URL (what a deployment behind PgBouncer sets).
    const config = loadConfig(
      {},
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', READ_MODEL_REFRESH_CRON: 'off', EVENTS_LISTEN_URL: url },
    );
    const app = await buildApp({ config, db: handle.db, databaseKind: handle.kind });
    second = { app, handle, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.handle.close();
  });

  it("delivers a save made on one process to the other's streams, each through its own LISTEN", async () => {
    const onSecond = await openReady(at(owner, L.harborGrill), '', second.url);
    const onFirst = await openReady(at(owner, L.harborGrill));
    const savedOnFirst = await saveCart(t.app, chef, 7);
    await onSecond.waitFor((e) => e.type === 'cart' && e.version === savedOnFirst);
    const savedOnSecond = await saveCart(second.app, chef, 8);
    await onFirst.waitFor((e) => e.type === 'cart' && e.version === savedOnSecond);
    // Each process holds its own LISTEN connection.
    const listeners = await queryRows<{ pid: number }>(
      t.handle.db,
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN stockpot_live'`,
    );
    expect(listeners.length).toBe(2);
  });

  it('listens again after its LISTEN connection drops, and catches its streams up', async () => {
    const stream = await openReady(at(owner, L.harborGrill), '', second.url);
    await t.handle.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query = 'LISTEN stockpot_live'`,
    );
    // Whatever was notified in the gap is gone: the stream is told to read again.
    await stream.waitFor((e) => e.type === 'order' && e.orderId === null);
    const savedAfter = await saveCart(t.app, chef, 9);
    await stream.waitFor((e) => e.type === 'cart' && e.version === savedAfter);
  });
});

describe('shutdown', () => {
  it('ends open streams so a graceful close does not wait for them', async () => {
    const own = await createTestApp();
    const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await signInAs(own.app, 'owner@demo.test');
    const stream = await openReady(at(token, L.harborGrill), '', url);
    await own.close();
    await stream.ended;
    expect(stream.isEnded()).toBe(true);
  });
});
