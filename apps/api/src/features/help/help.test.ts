import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { HELP_SUCCESS_TEXT } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox';

let t: TestApp;
let inbox: SmtpInbox;
let chef: string;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, SUPPORT_EMAIL: 'help@stockpot.test' });
  chef = await signInAs(t.app, 'chef@demo.test');
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const help = (payload: unknown, token = chef) =>
  t.app.inject({ method: 'POST', url: '/api/v1/contacts/help', payload: payload as object, headers: bearer(token) });

describe('POST contacts/help', () => {
  it('stores the report for the active location and e-mails it to support', async () => {
    const response = await help({ message: "  The Sysco order guide shows last week's prices.  " });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toBe(HELP_SUCCESS_TEXT);

    const rows = await queryRows<{ location_id: number; user_id: number; message: string }>(
      t.handle.db,
      sql`select location_id, user_id, message from help_reports`,
    );
    expect(rows).toEqual([
      {
        location_id: DEMO_IDS.locations.harborGrill,
        user_id: DEMO_IDS.users.chef,
        message: "The Sysco order guide shows last week's prices.",
      },
    ]);
    const mail = await inbox.waitFor('help@stockpot.test');
    expect(mail.subject).toMatch(/^Help request #\d+ from Harbor Grill$/);
    expect(mail.text).toContain("The Sysco order guide shows last week's prices.");
    expect(mail.raw).toMatch(/^Reply-To: chef@demo\.test/im);
  });

  it('answers 400 to an empty description and stores nothing', async () => {
    for (const payload of [{}, { message: '' }, { message: '   ' }, { message: 42 }]) {
      const response = await help(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    const [count] = await queryRows<{ n: number }>(t.handle.db, sql`select count(*)::int as n from help_reports`);
    expect(count.n).toBe(1);
  });

  it('needs a session and an active location', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/contacts/help', payload: { message: 'hi' } })).statusCode).toBe(
      401,
    );
    const admin = await signInAs(t.app, 'admin@demo.test');
    const response = await help({ message: 'hi' }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('no_active_location');
  });
});
