import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { UNLOCK_TOKEN_EXPIRED_TEXT, UNLOCK_TOKEN_USED_TEXT } from '@stockpot/domain';
import { AUTH_SECRET, bearer, createTestApp, type TestApp } from '../../test-support/test-app';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox';

/**
 * Issue 33, defect 6: 20 wrong passwords from 4 addresses locked the account for everyone, its
 * owner too. Past the per-account limit a browser that signed in before from the same address
 * still signs in, and the owner is mailed a one-time link that signs in and lifts the lock.
 */

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  // The default limits (5 per address, 20 per account, 15 minutes); only the per-minute cap is lifted.
  t = await createTestApp({ SMTP_URL: inbox.url, APP_URL: 'https://app.stockpot.test', SIGN_IN_MAX_PER_MINUTE: 1000 });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});
afterEach(async () => {
  await t.handle.db.execute(sql`delete from sign_in_failures`);
});

const OWNER = 'owner@demo.test';

function signIn(password: string, remoteAddress: string, deviceCookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/authenticate',
    payload: { email: OWNER, password, company_id: '1', secret: AUTH_SECRET },
    remoteAddress,
    headers: deviceCookie ? { cookie: `other=1; ${deviceCookie}` } : {},
  });
}
const unlock = (payload: unknown, remoteAddress = '10.70.9.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/authenticate/unlock', payload: payload as object, remoteAddress });

/** The `name=value` part of the device cookie an answer sets. */
function deviceCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = String(response.headers['set-cookie'] ?? '');
  const match = /^(stockpot_device=[A-Za-z0-9_-]{43});/.exec(header);
  if (!match) throw new Error(`no device cookie in ${header}`);
  return match[1];
}

/** 20 wrong passwords, 5 from each of 4 addresses: the per-account limit. */
async function guessFromFourAddresses(prefix: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let a = 1; a <= 4; a += 1) {
    for (let i = 0; i < 5; i += 1) statuses.push((await signIn('guess', `${prefix}.${a}`)).statusCode);
  }
  return statuses;
}

const unlockMails = () => inbox.messages.filter((m) => m.to.includes(OWNER) && m.subject.includes('paused'));

function tokenOf(mail: { text: string }): string {
  const match = /https:\/\/app\.stockpot\.test\/unlock-sign-in\/([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match) throw new Error(`no unlock link in ${mail.text}`);
  return decodeURIComponent(match[1]);
}

describe('per-account lock against the owner', () => {
  it('lets a known browser at a known address through, mails one unlock link, and the link signs in once', async () => {
    const first = await signIn('demo1234', '10.70.0.1');
    expect(first.statusCode).toBe(200);
    const known = deviceCookieOf(first);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(first.headers['set-cookie'])).toMatch(/SameSite=Strict/);
    expect(String(first.headers['set-cookie'])).toMatch(/Path=\/api\/v1\/authenticate/);
    // Only a digest of the browser's token is stored.
    const stored = await queryRows<{ device_hash: string }>(t.handle.db, sql`select device_hash from known_sign_in_devices`);
    expect(stored.map((r) => r.device_hash)).not.toContain(known.split('=')[1]);

    expect(await guessFromFourAddresses('10.70.1')).toEqual(Array(20).fill(400));

    // Past the limit: a new browser is refused wherever it is, and so is the known one elsewhere.
    const newBrowser = await signIn('demo1234', '10.70.0.1');
    expect(newBrowser.statusCode).toBe(429);
    expect(newBrowser.json()).toMatchObject({ code: 'too_many_attempts', message: expect.stringMatching(/e-mailed you a link/) });
    expect((await signIn('demo1234', '10.70.2.1')).statusCode).toBe(429);
    expect((await signIn('demo1234', '10.70.2.1', known)).statusCode).toBe(429);
    expect((await signIn('demo1234', '10.70.0.1', 'stockpot_device=' + 'A'.repeat(43))).statusCode).toBe(429);
    // The owner, in the browser and at the address they signed in from before, gets in.
    const owner = await signIn('demo1234', '10.70.0.1', known);
    expect(owner.statusCode).toBe(200);
    expect(deviceCookieOf(owner)).toBe(known);
    // A known browser is still held to its address's limit of wrong passwords.
    const ownTypos = [];
    for (let i = 0; i < 6; i += 1) ownTypos.push((await signIn('typo', '10.70.0.1', known)).statusCode);
    expect(ownTypos).toEqual([400, 400, 400, 400, 400, 429]);

    // More guessing in the same window mails nobody again.
    await signIn('guess', '10.70.3.1');
    const mails = unlockMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('works once, for 30 minutes');
    const token = tokenOf(mails[0]!);

    const unlocked = await unlock({ token });
    expect(unlocked.statusCode).toBe(200);
    const authKey = unlocked.json().data.authKey as string;
    expect(unlocked.json().data.email).toBe(OWNER);
    deviceCookieOf(unlocked);
    const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(authKey) });
    expect(current.statusCode).toBe(200);
    // The lock is gone: a browser never seen before signs in with the password again.
    expect((await signIn('demo1234', '10.70.4.1')).statusCode).toBe(200);

    const again = await unlock({ token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'unlock_token_used', message: UNLOCK_TOKEN_USED_TEXT });
  });

  it('mails a new link when the account is locked again, and refuses it once expired', async () => {
    await t.handle.db.execute(sql`delete from sign_in_unlock_tokens`);
    const before = unlockMails().length;
    await guessFromFourAddresses('10.71.1');
    expect(unlockMails()).toHaveLength(before + 1);
    const token = tokenOf(unlockMails().at(-1)!);
    await t.handle.db.execute(sql`update sign_in_unlock_tokens set expires_at = now() - interval '1 second'`);
    const expired = await unlock({ token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'unlock_token_expired', message: UNLOCK_TOKEN_EXPIRED_TEXT });
    // An expired link lifts nothing.
    expect((await signIn('demo1234', '10.71.2.1')).statusCode).toBe(429);
  });

  it('mails nobody when the e-mail has no account', async () => {
    const before = inbox.messages.length;
    for (let a = 1; a <= 4; a += 1) {
      for (let i = 0; i < 5; i += 1) {
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/authenticate',
          payload: { email: 'nobody@demo.test', password: 'guess', company_id: '1', secret: AUTH_SECRET },
          remoteAddress: `10.72.1.${a}`,
        });
      }
    }
    expect(inbox.messages.length).toBe(before);
  });

  it('answers 400 to a missing, malformed or unknown token', async () => {
    const missing = await unlock({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toContain('token');
    expect((await unlock({ token: 'x'.repeat(500) })).statusCode).toBe(400);
    const unknown = await unlock({ token: 'not-a-real-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('invalid_unlock_token');
  });
});
