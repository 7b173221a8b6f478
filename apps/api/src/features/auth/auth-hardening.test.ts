import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { AUTH_SECRET, bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

/**
 * Sign-in and session defects of the security probe (issue 14: 1, 2, 8, 13): limits keyed on a
 * header the client sets, the active location shared by every session of a user, parallel wrong
 * passwords overrunning the limit, sessions without an idle timeout or Cache-Control.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SIGN_IN_MAX_FAILURES: 3,
    SIGN_IN_MAX_FAILURES_PER_ACCOUNT: 7,
    SIGN_IN_MAX_PER_MINUTE: 1000,
    SESSION_IDLE_HOURS: 12,
  });
});
afterAll(async () => {
  await t?.close();
});
// Each test starts with no failed sign-ins on record.
afterEach(async () => {
  await t.handle.db.execute(sql`delete from sign_in_failures`);
});

const signIn = (email: string, password: string, options: { remoteAddress?: string; forwardedFor?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/authenticate',
    payload: { email, password, company_id: '1', secret: AUTH_SECRET },
    remoteAddress: options.remoteAddress ?? '10.20.0.1',
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
  });

describe('client address behind no trusted proxy (TRUST_PROXY off by default)', () => {
  it('keys the throttle on the connection, not on X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await signIn('chef@demo.test', 'wrong', { remoteAddress: '10.20.1.1', forwardedFor: `203.0.113.${i}` });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);
  });

  it('cannot lock someone else out by naming their address in X-Forwarded-For', async () => {
    for (let i = 0; i < 4; i += 1) {
      await signIn('chef@demo.test', 'wrong', { remoteAddress: '10.20.2.1', forwardedFor: '10.20.2.99' });
    }
    const victim = await signIn('chef@demo.test', 'demo1234', { remoteAddress: '10.20.2.99' });
    expect(victim.statusCode).toBe(200);
  });

  it('keeps the card-tokenising limit (30 a minute) whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    let limited: unknown = null;
    for (let i = 0; i < 40; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/payment-gateway/test/tokens',
        payload: {},
        remoteAddress: '10.20.3.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited = response.json();
    }
    expect(statuses.filter((s) => s !== 429)).toHaveLength(30);
    // The provider's shape, as every answer of this stand-in for a card provider (decisions.md), in words a person can act on.
    expect(limited).toEqual({
      error: { type: 'rate_limit_error', code: 'rate_limit', message: 'Too many requests. Please wait a minute and try again.' },
    });
  });
});

describe('TRUST_PROXY', () => {
  it('reads X-Forwarded-For only from the configured proxies', async () => {
    const config = loadConfig(
      {},
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', TRUST_PROXY: ['10.30.0.1'] },
    );
    expect(config.TRUST_PROXY).toEqual(['10.30.0.1']);
    const app = await buildApp({ config, db: t.handle.db, databaseKind: t.handle.kind });
    try {
      const tokenise = (remoteAddress: string, i: number) =>
        app.inject({
          method: 'POST',
          url: '/payment-gateway/test/tokens',
          payload: {},
          remoteAddress,
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
      // Through the proxy: 40 different clients, none limited.
      const viaProxy = await Promise.all(Array.from({ length: 40 }, (_, i) => tokenise('10.30.0.1', i)));
      expect(viaProxy.filter((r) => r.statusCode === 429)).toHaveLength(0);
      // From anyone else the header is ignored: one client, limited at 30.
      const direct: number[] = [];
      for (let i = 0; i < 40; i += 1) direct.push((await tokenise('10.30.0.2', i)).statusCode);
      expect(direct.filter((s) => s === 429)).toHaveLength(10);
    } finally {
      await app.close();
    }
  });

  it('refuses a value that is neither a switch, a hop count nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', 'loopback']);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });
});

describe('per-account sign-in limit', () => {
  it('stops guessing spread over many addresses, whatever the address', async () => {
    const statuses: number[] = [];
    // 7 allowed failures for the account in the window, at most 3 from each address.
    for (let i = 0; i < 9; i += 1) {
      const response = await signIn('owner@demo.test', 'guess', { remoteAddress: `10.40.0.${i}` });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 429, 429]);
    const fresh = await signIn('owner@demo.test', 'demo1234', { remoteAddress: '10.40.1.1' });
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json()).toMatchObject({ code: 'too_many_attempts' });
  });
});

describe('parallel wrong passwords', () => {
  it('evaluates no more than the limit', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => signIn('chef@demo.test', 'parallel-guess', { remoteAddress: '10.50.0.1' })),
    );
    const evaluated = responses.filter((r) => r.statusCode === 400);
    expect(evaluated.length).toBeLessThanOrEqual(3);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(20 - evaluated.length);
  });
});

describe('active location per session', () => {
  it('switching in one session leaves the other session of the same user where it was', async () => {
    const tabA = await signInAs(t.app, 'owner@demo.test');
    const tabB = await signInAs(t.app, 'owner@demo.test');
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.owner}`,
      headers: bearer(tabB),
      payload: { id: DEMO_IDS.users.owner, active_location_id: DEMO_IDS.locations.harborCatering },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data.activeLocation.id).toBe(DEMO_IDS.locations.harborCatering);

    const currentA = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(tabA) });
    expect(currentA.json().data.activeLocation.id).toBe(DEMO_IDS.locations.harborGrill);

    // A list made in session A lands in A's location, not the one B switched to.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shopping-lists',
      headers: bearer(tabA),
      payload: { name: 'Made in tab A' },
    });
    expect(created.statusCode).toBe(201);
    const listNames = async (token: string) =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/v1/shopping-lists', headers: bearer(token) })).json().data as {
          name: string;
        }[]
      ).map((l) => l.name);
    expect(await listNames(tabA)).toContain('Made in tab A');
    expect(await listNames(tabB)).not.toContain('Made in tab A');

    // The next sign-in starts where the user last switched to.
    const next = await signInAs(t.app, 'owner@demo.test');
    const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(next) });
    expect(current.json().data.activeLocation.id).toBe(DEMO_IDS.locations.harborCatering);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.owner}`,
      headers: bearer(next),
      payload: { id: DEMO_IDS.users.owner, active_location_id: DEMO_IDS.locations.harborGrill },
    });
  });

  it("works in the location a browser tab names, since a browser's tabs share one session", async () => {
    const token = await signInAs(t.app, 'owner@demo.test');
    const inTab = (location: number) => ({ ...bearer(token), 'x-location-id': String(location) });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shopping-lists',
      headers: inTab(DEMO_IDS.locations.harborCatering),
      payload: { name: 'Made in the catering tab' },
    });
    expect(created.statusCode).toBe(201);
    const names = async (headers: Record<string, string>) =>
      ((await t.app.inject({ method: 'GET', url: '/api/v1/shopping-lists', headers })).json().data as { name: string }[]).map(
        (l) => l.name,
      );
    expect(await names(inTab(DEMO_IDS.locations.harborCatering))).toContain('Made in the catering tab');
    // The session's own location (a tab that names none) is untouched.
    expect(await names(bearer(token))).not.toContain('Made in the catering tab');
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: inTab(DEMO_IDS.locations.harborGrillExpress),
    });
    expect(current.json().data.activeLocation.id).toBe(DEMO_IDS.locations.harborGrillExpress);
  });

  it('refuses a tab location the user does not belong to, or that is no id', async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/v1/shopping-lists',
      headers: { ...bearer(token), 'x-location-id': String(DEMO_IDS.locations.harborCatering) },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('no_active_location');
    for (const value of ['abc', '0', '2147483648', '1.5', '-1']) {
      const malformed = await t.app.inject({
        method: 'GET',
        url: '/api/v1/shopping-lists',
        headers: { ...bearer(token), 'x-location-id': value },
      });
      expect(malformed.statusCode, value).toBe(400);
      expect(malformed.json().message).toBe('The X-Location-Id header must be the id of one of your locations.');
    }
  });

  it('checks membership on every request', async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/shopping-lists', headers: bearer(token) });
    expect(before.statusCode).toBe(200);
    await t.handle.db.execute(
      sql`delete from user_locations where user_id = ${DEMO_IDS.users.chef} and location_id = ${DEMO_IDS.locations.harborGrill}`,
    );
    try {
      const after = await t.app.inject({ method: 'GET', url: '/api/v1/shopping-lists', headers: bearer(token) });
      expect(after.statusCode).toBe(400);
      expect(after.json().code).toBe('no_active_location');
    } finally {
      await t.handle.db.execute(
        sql`insert into user_locations (user_id, location_id) values (${DEMO_IDS.users.chef}, ${DEMO_IDS.locations.harborGrill})`,
      );
    }
  });
});

describe('session idle timeout and last use', () => {
  const tokenHash = async (token: string) => {
    const { createHash } = await import('node:crypto');
    return createHash('sha256').update(token).digest('hex');
  };

  it('records the last use of a session', async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    const hash = await tokenHash(token);
    await t.handle.db.execute(sql`update sessions set last_seen_at = now() - interval '2 hours' where token_hash = ${hash}`);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const [row] = await queryRows<{ idle_seconds: number }>(
      t.handle.db,
      sql`select extract(epoch from now() - last_seen_at)::int as idle_seconds from sessions where token_hash = ${hash}`,
    );
    expect(row?.idle_seconds).toBeLessThan(3600);
  });

  it('ends a session unused for longer than the idle timeout', async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    await t.handle.db.execute(
      sql`update sessions set last_seen_at = now() - interval '13 hours' where token_hash = ${await tokenHash(token)}`,
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });
});

describe('Cache-Control', () => {
  it('marks the sign-in answer, other answers and failures no-store', async () => {
    const signedIn = await signIn('chef@demo.test', 'demo1234', { remoteAddress: '10.60.0.1' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const token = signedIn.json().data.authKey as string;
    const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(token) });
    expect(current.headers['cache-control']).toBe('no-store');
    const unauthorized = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user' });
    expect(unauthorized.headers['cache-control']).toBe('no-store');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBe('no-store');
  });
});
