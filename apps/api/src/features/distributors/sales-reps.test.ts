import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@stockpot/db/seed';
import { distributorDetailSchema, salesRepSchema } from '@stockpot/domain';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

const D = DEMO_IDS.distributors;
let t: TestApp;
let owner: string;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, APP_URL: 'https://app.stockpot.example' });
  owner = await signInAs(t.app, 'owner@demo.test');
  // Migrating and seeding a fresh database is slow on a busy machine.
}, 600_000);
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const url = (path: string) => `/api/v1${path}`;

describe('GET distributors with expand', () => {
  it('lists reps, customer number and the last order guide of each distributor', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: url('/distributors?expand=dsrs,lastOrderGuide,skyloader,dcn'),
      headers: bearer(owner),
    });
    expect(response.statusCode).toBe(200);
    const rows = distributorDetailSchema.array().parse(response.json().data);
    const harborline = rows.find((row) => row.id === D.harborline)!;
    expect(harborline.dsrs?.map((rep) => rep.name)).toEqual(['Dana Morales', 'Kevin Walsh']);
    expect(harborline.dsrs?.[0]).toMatchObject({
      is_primary: 1,
      access_type: 'unlimited',
      invite_status: 'accepted',
      is_deleted: 0,
    });
    expect(harborline.lastOrderGuide).toMatchObject({ id: expect.any(Number), item_count: expect.any(Number) });
    expect(harborline.lastOrderGuide!.item_count).toBeGreaterThan(0);
    expect(harborline.is_dsr_editable).toBe(1);
    expect(harborline.skyloader).toEqual({ useSkyloader: 0, username: '' });
  });

  it('refuses an unknown expansion with a message naming the choices', async () => {
    const response = await t.app.inject({ method: 'GET', url: url('/distributors?expand=secrets'), headers: bearer(owner) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/expand accepts dsrs, lastOrderGuide, skyloader, dcn/);
  });
});

describe('sales rep lifecycle', () => {
  let repId: number;

  it('adds a rep and validates name, e-mail and limited-access dates', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: url(`/distributors/${D.harborline}/dsr`),
      headers: bearer(owner),
      payload: { name: '', email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['email', 'name']);
    const noDates = await t.app.inject({
      method: 'POST',
      url: url(`/distributors/${D.harborline}/dsr`),
      headers: bearer(owner),
      payload: { name: 'Lee Park', email: 'lee.park@harborline.example', accessType: 'limited' },
    });
    expect(noDates.statusCode).toBe(400);
    expect(noDates.json().message).toBe('Start date is required for limited access.');
    const created = await t.app.inject({
      method: 'POST',
      url: url(`/distributors/${D.harborline}/dsr`),
      headers: bearer(owner),
      payload: { name: 'Lee Park', email: 'lee.park@harborline.example', phone: '(617) 555-0999', is_primary: 0 },
    });
    expect(created.statusCode).toBe(201);
    const rep = salesRepSchema.parse(created.json().data);
    expect(rep).toMatchObject({ name: 'Lee Park', access_type: 'none', invite_status: null, is_deleted: 0, is_primary: 0 });
    repId = rep.id;
  });

  it('edits, makes primary (only one primary), removes and reactivates', async () => {
    const edited = await t.app.inject({
      method: 'PATCH',
      url: url(`/distributors/${D.harborline}/dsr/${repId}`),
      headers: bearer(owner),
      payload: { phone: '(617) 555-1000', accessType: 'limited', startDate: '2026-11-01', endDate: '2026-12-01', is_primary: 1 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      phone: '(617) 555-1000',
      access_type: 'limited',
      start_date: '2026-11-01',
      is_primary: 1,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: url(`/distributors/${D.harborline}?expand=dsrs`),
      headers: bearer(owner),
    });
    const primaries = list.json().data.dsrs.filter((rep: { is_primary: number }) => rep.is_primary === 1);
    expect(primaries.map((rep: { id: number }) => rep.id)).toEqual([repId]);

    const removed = await t.app.inject({
      method: 'PUT',
      url: url(`/distributors/${D.harborline}/dsr/${repId}`),
      headers: bearer(owner),
      payload: { is_deleted: 1 },
    });
    expect(removed.json().data.is_deleted).toBe(1);
    const back = await t.app.inject({
      method: 'PUT',
      url: url(`/distributors/${D.harborline}/dsr/${repId}`),
      headers: bearer(owner),
      payload: { is_deleted: '0' },
    });
    expect(back.json().data.is_deleted).toBe(0);

    const badDates = await t.app.inject({
      method: 'PATCH',
      url: url(`/distributors/${D.harborline}/dsr/${repId}`),
      headers: bearer(owner),
      payload: { endDate: '2026-10-01' },
    });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.json().message).toBe('End date cannot be before the start date.');
  });

  it('sends an invite e-mail with a sign-up link that a real SMTP server receives; status goes to sent', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: url(`/distributors/${D.harborline}/dsr/${repId}`),
      headers: bearer(owner),
      payload: { sendInvite: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.invite_status).toBe('sent');
    const body = (await inbox.waitFor('lee.park@harborline.example')).text;
    expect(body).toMatch(/Harbor Grill uses Stockpot to order from Harborline Foodservice and invites you/);
    expect(body).toMatch(
      new RegExp(`https://app\\.stockpot\\.example/sign-up/1\\?location=1&distributor=${D.harborline}&invite=[A-Za-z0-9_-]{43}`),
    );
  });

  it('refuses invites without access, for accepted reps and for distributors whose reps are not editable', async () => {
    const reps = (
      await t.app.inject({
        method: 'GET',
        url: url(`/distributors/${D.northeastProvisions}?expand=dsrs`),
        headers: bearer(owner),
      })
    ).json().data.dsrs as { id: number; name: string; access_type: string; invite_status: string | null }[];
    const noAccess = reps.find((rep) => rep.access_type === 'none')!;
    const refused = await t.app.inject({
      method: 'PATCH',
      url: url(`/distributors/${D.northeastProvisions}/dsr/${noAccess.id}`),
      headers: bearer(owner),
      payload: { sendInvite: 1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Choose unlimited or limited access to send an invite.');
    const accepted = reps.find((rep) => rep.invite_status === 'accepted')!;
    const again = await t.app.inject({
      method: 'PATCH',
      url: url(`/distributors/${D.northeastProvisions}/dsr/${accepted.id}`),
      headers: bearer(owner),
      payload: { sendInvite: 1 },
    });
    expect(again.json().message).toBe('The sales rep has already accepted the invite.');

    const fixed = (await t.app.inject({ method: 'GET', url: url('/distributors?expand=dsrs'), headers: bearer(owner) }))
      .json()
      .data.find((d: { is_dsr_editable: number }) => d.is_dsr_editable === 0);
    const lockedRep = fixed.dsrs[0];
    const locked = await t.app.inject({
      method: 'PATCH',
      url: url(`/distributors/${fixed.id}/dsr/${lockedRep.id}`),
      headers: bearer(owner),
      payload: { name: 'X Y' },
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toMatch(/cannot be edited/);
  });

  it("answers 404 for another location's rep or distributor", async () => {
    const catering = await signInAs(t.app, 'chef@demo.test');
    // The chef is not a member of Harbor Catering; a rep of Harbor Grill's Harborline account, asked through
    // another distributor id, is not found either.
    const wrongDistributor = await t.app.inject({
      method: 'PATCH',
      url: url(`/distributors/${D.coastalProduce}/dsr/${repId}`),
      headers: bearer(catering),
      payload: { phone: '1' },
    });
    expect(wrongDistributor.statusCode).toBe(404);
  });

  it('stores website credentials encrypted and never returns the password', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: url(`/distributors/${D.harborline}`),
      headers: bearer(owner),
      payload: { username: 'harborgrill', password: 's3cret!' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.skyloader).toEqual({ useSkyloader: 1, username: 'harborgrill' });
    expect(response.body).not.toContain('s3cret');
    const stored = await t.handle.db.execute(
      (await import('drizzle-orm'))
        .sql`SELECT website_password_encrypted AS p FROM location_distributors WHERE location_id = 1 AND distributor_id = ${D.harborline}`,
    );
    const value = (stored as unknown as { rows: { p: string }[] }).rows[0].p;
    expect(value).toMatch(/^v1\./);
    expect(value).not.toContain('s3cret');
  });
});
