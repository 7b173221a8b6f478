import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { addDays, getIsoDateInTimeZone, repAccountSchema } from '@stockpot/domain';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';
import { INVITE_NOT_VALID } from './rep-access.service';

const D = DEMO_IDS.distributors;
const L = DEMO_IDS.locations;
const REP_EMAIL = 'rita.reyes@harborline.example';
const REP_PASSWORD = 'rita-secret-1';
let t: TestApp;
let owner: string;
let chef: string;
let inbox: SmtpInbox;
let repId: number;
let inviteToken: string;
let rep: string;
let din: string;
const today = () => getIsoDateInTimeZone(new Date(), 'America/New_York');
const url = (path: string) => `/api/v1${path}`;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, APP_URL: 'https://app.stockpot.example' });
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
  const created = await t.app.inject({
    method: 'POST',
    url: url(`/distributors/${D.harborline}/dsr`),
    headers: bearer(owner),
    payload: { name: 'Rita Reyes', email: REP_EMAIL, accessType: 'unlimited' },
  });
  repId = created.json().data.id;
  const invited = await t.app.inject({
    method: 'PATCH',
    url: url(`/distributors/${D.harborline}/dsr/${repId}`),
    headers: bearer(owner),
    payload: { sendInvite: 1 },
  });
  expect(invited.statusCode).toBe(200);
  const mail = await inbox.waitFor(REP_EMAIL);
  inviteToken = /invite=([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
  [{ din }] = await queryRows<{ din: string }>(
    t.handle.db,
    sql`SELECT d.din FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ${L.harborGrill} AND li.distributor_id = ${D.harborline} AND NOT li.is_punched_out
        ORDER BY d.id LIMIT 1`,
  );
  // Migrating and seeding a fresh database is slow on a busy machine.
}, 600_000);
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const accept = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: url('/sales-rep-invites/accept'), payload });
const setPrices = (token: string, prices: { din: string; price: string }[], id = repId) =>
  t.app.inject({ method: 'PATCH', url: url(`/sales-rep/accounts/${id}/prices`), headers: bearer(token), payload: { prices } });
const editRep = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: url(`/distributors/${D.harborline}/dsr/${repId}`), headers: bearer(owner), payload });
const locationPrice = async () =>
  (
    await queryRows<{ price: string }>(
      t.handle.db,
      sql`SELECT li.price::text AS price FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${L.harborGrill} AND d.distributor_id = ${D.harborline} AND d.din = ${din}`,
    )
  )[0].price;

describe('accepting a sales rep invite', () => {
  it('refuses a short password and a token that is not an open invite', async () => {
    const short = await accept({ invite: inviteToken, password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('password: Password is too short (minimum is 6 characters).');
    const unknown = await accept({ invite: 'x'.repeat(43), password: REP_PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(INVITE_NOT_VALID);
  });

  it('creates the rep a sign-in from the mailed link, once; the status becomes accepted', async () => {
    const accepted = await accept({ invite: inviteToken, password: REP_PASSWORD });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({ email: REP_EMAIL, location: 'Harbor Grill', distributor: 'Harborline Foodservice' });
    const again = await accept({ invite: inviteToken, password: REP_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVITE_NOT_VALID);
    const reps = (
      await t.app.inject({ method: 'GET', url: url(`/distributors/${D.harborline}?expand=dsrs`), headers: bearer(owner) })
    ).json().data.dsrs as { id: number; invite_status: string }[];
    expect(reps.find((r) => r.id === repId)?.invite_status).toBe('accepted');
    rep = await signInAs(t.app, REP_EMAIL, REP_PASSWORD);
  });

  it("gives the rep only its accounts: no location's buyer screens", async () => {
    const accounts = await t.app.inject({ method: 'GET', url: url('/sales-rep/accounts'), headers: bearer(rep) });
    expect(repAccountSchema.array().parse(accounts.json().data)).toEqual([
      {
        salesRepId: repId,
        location: { id: L.harborGrill, nickname: 'Harbor Grill' },
        distributor: { id: D.harborline, nickname: 'Harborline Foodservice' },
        accessType: 'unlimited',
        startDate: null,
        endDate: null,
        canUpdatePrices: true,
        refusal: null,
      },
    ]);
    const buyer = await t.app.inject({ method: 'GET', url: url('/distributors'), headers: bearer(rep) });
    expect(buyer.statusCode).toBe(400);
    expect(buyer.json().message).toBe('Choose a location first.');
  });
});

describe('a rep updating order guide prices', () => {
  it('updates a price on a new guide dated today; the old guide stays as history', async () => {
    const before = await locationPrice();
    const guidesBefore = await queryRows<{ n: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS n FROM order_guides WHERE location_id = ${L.harborGrill} AND distributor_id = ${D.harborline}`,
    );
    const response = await setPrices(rep, [{ din, price: '123.45' }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ orderGuideId: expect.any(Number), updated: 1 });
    expect(await locationPrice()).toBe('123.45');
    const [guide] = await queryRows<{ startDate: string; n: number }>(
      t.handle.db,
      sql`SELECT start_date::text AS "startDate",
                 (SELECT count(*)::int FROM order_guides WHERE location_id = ${L.harborGrill} AND distributor_id = ${D.harborline}) AS n
          FROM order_guides WHERE id = ${response.json().data.orderGuideId} AND location_id = ${L.harborGrill}`,
    );
    expect(guide).toEqual({ startDate: today(), n: guidesBefore[0].n + 1 });
    // The buyer sees the change among the guide's price-change alerts.
    const changes = await t.app.inject({
      method: 'GET',
      url: url(`/order-guides/${response.json().data.orderGuideId}/price-changes`),
      headers: bearer(owner),
    });
    expect(changes.json().data.changes).toEqual([
      expect.objectContaining({ din, beforeCents: Math.round(Number(before) * 100), afterCents: 12_345 }),
    ]);
  });

  it('refuses prices it cannot read and items not on the guide, changing nothing', async () => {
    const bad = await setPrices(rep, [{ din, price: '12.345' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/at most 2 decimals/);
    const empty = await setPrices(rep, []);
    expect(empty.json().message).toBe('prices: Give at least one price.');
    const unknown = await setPrices(rep, [
      { din, price: '1.00' },
      { din: 'NO-SUCH-DIN', price: '2.00' },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Not on the order guide: DIN NO-SUCH-DIN.');
    expect(await locationPrice()).toBe('123.45');
  });

  it('keeps limited access between its dates, refuses access none and a removed rep', async () => {
    expect(
      (await editRep({ accessType: 'limited', startDate: addDays(today(), -10), endDate: addDays(today(), -1) })).statusCode,
    ).toBe(200);
    const ended = await setPrices(rep, [{ din, price: '99.00' }]);
    expect(ended.statusCode).toBe(403);
    expect(ended.json().message).toMatch(/^Your access ended on \d\d\/\d\d\/\d{4}\.$/);

    await editRep({ startDate: addDays(today(), 1), endDate: addDays(today(), 5) });
    const early = await setPrices(rep, [{ din, price: '99.00' }]);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toMatch(/^Your access starts on/);

    await editRep({ startDate: today(), endDate: addDays(today(), 5) });
    expect((await setPrices(rep, [{ din, price: '98.00' }])).statusCode).toBe(200);

    await editRep({ accessType: 'none' });
    const none = await setPrices(rep, [{ din, price: '97.00' }]);
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe('Your access does not allow updating order guide prices.');

    await editRep({ accessType: 'unlimited', is_deleted: 1 });
    const removed = await setPrices(rep, [{ din, price: '97.00' }]);
    expect(removed.statusCode).toBe(403);
    expect(removed.json().message).toBe('Your sales rep access to this account was removed.');
    expect(await locationPrice()).toBe('98.00');
    await editRep({ is_deleted: 0 });
  });

  it("answers 404 for an account that is not the caller's", async () => {
    const other = await setPrices(chef, [{ din, price: '1.00' }]);
    expect(other.statusCode).toBe(404);
    const missing = await setPrices(rep, [{ din, price: '1.00' }], 2_000_000);
    expect(missing.statusCode).toBe(404);
    expect(await locationPrice()).toBe('98.00');
  });
});

describe("a rep reading its account's order guide", () => {
  const items = (token: string, query = '', id = repId) =>
    t.app.inject({ method: 'GET', url: url(`/sales-rep/accounts/${id}/items${query}`), headers: bearer(token) });

  it('pages the latest guide by name, searches name, DIN or brand, and refuses bad paging', async () => {
    const first = await items(rep, '?limit=5');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.data).toHaveLength(5);
    expect(body._meta).toMatchObject({ currentPage: 1, pageCount: Math.ceil(body._meta.totalCount / 5) });
    const names = body.data.map((row: { name: string }) => row.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const byDin = await items(rep, `?search=${encodeURIComponent(din)}`);
    expect(byDin.json().data.map((row: { din: string }) => row.din)).toContain(din);
    // The price is the latest guide's, in cents (an earlier test left it at $98.00).
    expect(byDin.json().data.find((row: { din: string }) => row.din === din).price).toBe(9_800);
    const none = await items(rep, '?search=%25zz-no-such-item%25');
    expect(none.json()).toMatchObject({ data: [], _meta: { totalCount: 0 } });
    const bad = await items(rep, '?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('page must be at least 1.');
  });

  it("answers 404 for an account that is not the caller's", async () => {
    expect((await items(chef)).statusCode).toBe(404);
    expect((await items(rep, '', 2_000_000)).statusCode).toBe(404);
  });
});
