import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { DatabaseHandle } from '@stockpot/db';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDemoDatabase } from '../test-support/database-template';
import { bearer, signInAs } from '../test-support/test-app';
import { READ_FROM_HEADER, RECENT_WRITE_COOKIE, boundReplicaLag } from './db-replica';

/**
 * Read routing (issue 41) against real PostgreSQL. The "replica" here is a second connection string
 * to the same database, which proves the routing; lag and a stopped replica are proven on a real
 * streaming replica by `npm run test:cluster`.
 */
const isServer = Boolean(process.env.TEST_DATABASE_URL);
const opened: { handle: DatabaseHandle; drop: () => Promise<void>; app: FastifyInstance }[] = [];

async function appWithReplica(replicaUrl: (primaryUrl: string) => string): Promise<FastifyInstance> {
  const { handle, drop } = await openDemoDatabase();
  const primaryUrl = (handle.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
  process.env.DATABASE_REPLICA_URL = replicaUrl(primaryUrl);
  const config = loadConfig(
    {},
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', READ_MODEL_REFRESH_CRON: 'off' },
  );
  try {
    const app = await buildApp({ config, db: handle.db, databaseKind: handle.kind });
    await app.ready();
    opened.push({ handle, drop, app });
    return app;
  } finally {
    delete process.env.DATABASE_REPLICA_URL;
  }
}

afterAll(async () => {
  for (const { app, handle, drop } of opened) {
    await app.close();
    await handle.close();
    await drop();
  }
});

const ROUTED_READS = [
  '/api/v1/items?limit=5&page=1',
  `/api/v1/items?limit=5&page=1&filterOptions=${encodeURIComponent(JSON.stringify({ sort: 'relevance', search: 'chicken' }))}`,
  '/api/v1/orders',
];

describe.runIf(isServer)('reads routed to DATABASE_REPLICA_URL', () => {
  let app: FastifyInstance;
  let owner: string;
  let chef: string;
  beforeAll(async () => {
    app = await appWithReplica((url) => url);
    owner = await signInAs(app, 'owner@demo.test');
    chef = await signInAs(app, 'chef@demo.test');
  });

  it('sends the place-order list, search and order history to the replica, and a write never', async () => {
    for (const url of ROUTED_READS) {
      const response = await app.inject({ method: 'GET', url, headers: bearer(chef) });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers[READ_FROM_HEADER], url).toBe('replica');
    }
    const cart = await app.inject({ method: 'GET', url: '/api/v1/shopping-carts', headers: bearer(chef) });
    expect(cart.headers[READ_FROM_HEADER]).toBeUndefined();
  });

  it("reads a session's own write from the primary right after it, other sessions still from the replica", async () => {
    const current = await app.inject({ method: 'GET', url: '/api/v1/shopping-carts', headers: bearer(owner) });
    const list = await app.inject({ method: 'GET', url: '/api/v1/items?limit=1&page=1', headers: bearer(owner) });
    const item = list.json().data[0] as { itemDistributorId: number };
    const saved = await app.inject({
      method: 'POST',
      url: '/api/v1/shopping-carts',
      headers: bearer(owner),
      payload: {
        itemList: [{ itemDistributorId: item.itemDistributorId, quantity: 3 }],
        lastModified: current.json().data.lastModified,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(String(saved.headers['set-cookie'])).toContain(`${RECENT_WRITE_COOKIE}=1`);

    const after = await app.inject({ method: 'GET', url: '/api/v1/items?limit=1&page=1', headers: bearer(owner) });
    expect(after.headers[READ_FROM_HEADER]).toBe('primary');
    const other = await app.inject({ method: 'GET', url: '/api/v1/items?limit=1&page=1', headers: bearer(chef) });
    expect(other.headers[READ_FROM_HEADER]).toBe('replica');
    // Another host knows nothing of the write but the browser's cookie.
    const withCookie = await app.inject({
      method: 'GET',
      url: '/api/v1/items?limit=1&page=1',
      headers: { ...bearer(chef), cookie: `${RECENT_WRITE_COOKIE}=1` },
    });
    expect(withCookie.headers[READ_FROM_HEADER]).toBe('primary');
  });
});

describe.runIf(isServer)('a replica that cannot be reached', () => {
  it('answers every routed read from the primary', async () => {
    const app = await appWithReplica((url) => {
      const unreachable = new URL(url);
      unreachable.port = '1';
      return unreachable.toString();
    });
    const token = await signInAs(app, 'chef@demo.test');
    for (const url of ROUTED_READS) {
      const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers[READ_FROM_HEADER], url).toBe('primary');
    }
  });
});

it('without DATABASE_REPLICA_URL routes nothing', async () => {
  const { handle, drop } = await openDemoDatabase();
  const config = loadConfig(
    {},
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', READ_MODEL_REFRESH_CRON: 'off' },
  );
  const app = await buildApp({ config, db: handle.db, databaseKind: handle.kind });
  opened.push({ handle, drop, app });
  const token = await signInAs(app, 'chef@demo.test');
  const response = await app.inject({ method: 'GET', url: '/api/v1/items?limit=5&page=1', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  expect(app.readReplica).toBeNull();
  expect(response.headers[READ_FROM_HEADER]).toBeUndefined();
});

describe('the replica lag bound', () => {
  const now = 1_000_000;
  it('is zero when the replica replayed all it received', () => {
    expect(boundReplicaLag({ isCaughtUp: true, replayAgeMs: 60_000, lastCaughtUpAt: null, now })).toBe(0);
  });
  it('after a quiet spell, measures new WAL from when the replica was last seen caught up, not from the last commit', () => {
    // the primary was idle for a minute; WAL arrived since the probe 400 ms ago saw the replica caught up
    expect(boundReplicaLag({ isCaughtUp: false, replayAgeMs: 60_000, lastCaughtUpAt: now - 400, now })).toBe(400);
  });
  it('keeps the last commit’s age when that is the smaller bound, and either bound alone when the other is unknown', () => {
    expect(boundReplicaLag({ isCaughtUp: false, replayAgeMs: 300, lastCaughtUpAt: now - 5_000, now })).toBe(300);
    expect(boundReplicaLag({ isCaughtUp: false, replayAgeMs: 2_500, lastCaughtUpAt: null, now })).toBe(2_500);
    expect(boundReplicaLag({ isCaughtUp: false, replayAgeMs: null, lastCaughtUpAt: now - 700, now })).toBe(700);
    expect(boundReplicaLag({ isCaughtUp: false, replayAgeMs: null, lastCaughtUpAt: null, now })).toBeNull();
  });
});
