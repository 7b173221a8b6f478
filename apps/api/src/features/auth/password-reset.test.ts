import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import {
  PASSWORD_RESET_DONE_TEXT,
  PASSWORD_RESET_REQUESTED_TEXT,
  RESET_TOKEN_EXPIRED_TEXT,
  RESET_TOKEN_USED_TEXT,
} from '@stockpot/domain';
import { AUTH_SECRET, bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox';

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, APP_URL: 'https://app.stockpot.test' });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const requestReset = (email: unknown, remoteAddress = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/request-password-reset', payload: { email }, remoteAddress });
const reset = (token: string, password: string, passwordRepeat = password) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/users/reset-password?token=${encodeURIComponent(token)}`,
    payload: { password, password_repeat: passwordRepeat },
  });
const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/authenticate',
    payload: { email, password, company_id: '1', secret: AUTH_SECRET },
  });

/** The token of the newest reset link mailed to `address`. */
function latestTokenFor(address: string): string {
  const mail = inbox.messages.filter((m) => m.to.includes(address)).at(-1);
  const match = mail && /https:\/\/app\.stockpot\.test\/change-password\/([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link mailed to ${address}`);
  return decodeURIComponent(match[1]);
}

describe('POST users/request-password-reset and users/reset-password', () => {
  it('mails a reset link over SMTP, and the link sets a new password once', async () => {
    const chefSession = await signInAs(t.app, 'chef@demo.test');
    const response = await requestReset('Chef@Demo.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { message: PASSWORD_RESET_REQUESTED_TEXT } });

    const mail = await inbox.waitFor('chef@demo.test');
    expect(mail.subject).toBe('Reset your Stockpot password');
    const token = latestTokenFor('chef@demo.test');

    // Only a hash of the token is stored.
    const stored = await queryRows<{ token_hash: string }>(t.handle.db, sql`select token_hash from password_reset_tokens`);
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const done = await reset(token, 'new-secret-1');
    expect(done.statusCode).toBe(200);
    expect(done.json().data.message).toBe(PASSWORD_RESET_DONE_TEXT);
    expect((await signIn('chef@demo.test', 'new-secret-1')).statusCode).toBe(200);
    expect((await signIn('chef@demo.test', 'demo1234')).statusCode).toBe(400);
    // The sessions opened with the old password are over.
    const old = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(chefSession) });
    expect(old.statusCode).toBe(401);

    const again = await reset(token, 'another-secret');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'reset_token_used', message: RESET_TOKEN_USED_TEXT });
  });

  it('refuses an expired link', async () => {
    await requestReset('owner@demo.test');
    const token = latestTokenFor('owner@demo.test');
    await t.handle.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const response = await reset(token, 'new-secret-2');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'reset_token_expired', message: RESET_TOKEN_EXPIRED_TEXT });
    expect((await signIn('owner@demo.test', 'demo1234')).statusCode).toBe(200);
  });

  it('uses up older links when a newer one is used', async () => {
    await requestReset('owner@demo.test', '10.1.0.2');
    const first = latestTokenFor('owner@demo.test');
    await requestReset('owner@demo.test', '10.1.0.2');
    const second = latestTokenFor('owner@demo.test');
    expect(second).not.toBe(first);
    expect((await reset(second, 'demo1234')).statusCode).toBe(200);
    expect((await reset(first, 'new-secret-3')).json().code).toBe('reset_token_used');
  });

  it('answers an unknown e-mail like a known one and mails nobody', async () => {
    const before = inbox.messages.length;
    const response = await requestReset('nobody@demo.test', '10.1.0.3');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toBe(PASSWORD_RESET_REQUESTED_TEXT);
    expect(inbox.messages.length).toBe(before);
  });

  it('answers 400 to bad input and unknown tokens', async () => {
    expect((await requestReset('not-an-email', '10.1.0.4')).statusCode).toBe(400);
    expect((await requestReset(undefined, '10.1.0.4')).statusCode).toBe(400);
    const mismatch = await reset('whatever', 'abcdef', 'abcdeg');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.map((e: { field: string }) => e.field)).toContain('password_repeat');
    expect((await reset('whatever', 'abc')).statusCode).toBe(400);
    const unknown = await reset('not-a-real-token', 'abcdef');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('invalid_reset_token');
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password',
      payload: { password: 'abcdef', password_repeat: 'abcdef' },
    });
    expect(noToken.statusCode).toBe(400);
  });
});
