/**
 * The suggested order kept per location (migration 0053), by the clock and across locations: an
 * answer is served until the next delivery's cut-off or the location's midnight and recomputed from
 * then; another location's change leaves it kept, and each location gets only its own answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '@stockpot/db';
import { buildDistributor, buildInventoryGroup, buildInventoryList, buildLocation, buildOffer } from '@stockpot/db/factories';
import { getNextDayStartInZone, getOrderCutoffInstant, type SuggestedOrdersResponse } from '@stockpot/domain';
import { computeSuggestions, getSuggestedOrders, getSuggestions } from './suggested-orders.service';
import { countSuggestionComputations } from './suggestions-kept';
import { LB, openSuggestionLocation, type SuggestionLocation } from './suggested-orders-test-fixtures';

let f: SuggestionLocation;
let db: Database;
let timezone: string;
let otherId: number;
let otherGroupId: number;

/** The answer through the cache and, for the same instant, computed afresh: equal. */
async function keptAndFresh(at: number, locationId = f.locationId): Promise<SuggestedOrdersResponse> {
  const kept = await getSuggestedOrders(db, locationId, at);
  const { data, unorderable, groupCount } = await computeSuggestions(db, locationId, at);
  expect(kept).toEqual({ data, unorderable, groupCount });
  return kept;
}

/** The instant of `hhmm` on `date` in the location's time zone. */
const atLocal = (date: string, hhmm: string) =>
  getOrderCutoffInstant(date, { deliveryWeekdays: [], orderCutoffTime: hhmm, orderCutoffDaysBefore: 0 }, timezone)!;

beforeAll(async () => {
  f = await openSuggestionLocation();
  db = f.t.handle.db;
  [{ timezone }] = await queryRows<{ timezone: string }>(db, sql`SELECT timezone FROM locations WHERE id = ${f.locationId}`);
  // Every day, ordered by 2:00 PM the day before.
  const link = { deliveryWeekdays: [1, 2, 3, 4, 5, 6, 7], orderCutoffTime: '14:00', orderCutoffDaysBefore: 1 };
  const distributor = await buildDistributor(db, { nickname: 'Clock Foods', locationId: f.locationId, link });
  await f.buildGroup(distributor.id, 400, 'Short rib');

  // A second location of its own, with a group of its own.
  const other = await buildLocation(db, {});
  otherId = other.id;
  const otherDistributor = await buildDistributor(db, { nickname: 'Other Foods', locationId: otherId, link });
  const offer = await buildOffer(db, {
    locationId: otherId,
    distributorId: otherDistributor.id,
    item: { name: 'Brisket' },
    offer: { packSize: '4/5 LB', unitQuantity: 4, unitSize: '5', packSizeUom: 'LB', price: '40.00' },
  });
  const list = await buildInventoryList(db, { locationId: otherId });
  otherGroupId = (
    await buildInventoryGroup(db, {
      locationId: otherId,
      listId: list.id,
      itemDistributorIds: [offer.id],
      group: { name: 'Brisket', parLevel: '200', unitId: LB },
    })
  ).id;
});
afterAll(async () => {
  await f?.t.close();
});

describe('the suggested order kept per location, by the clock', () => {
  it('is served until the next delivery’s cut-off, and recomputed from it', async () => {
    // 10:00 today: tomorrow's delivery is ordered by 2:00 PM today.
    const at = atLocal(f.today, '10:00');
    const first = await keptAndFresh(at);
    const { validUntil } = await getSuggestions(db, f.locationId, at);
    expect(validUntil).toBe(atLocal(f.today, '14:00'));
    const computed = countSuggestionComputations();
    expect(await keptAndFresh(validUntil - 1)).toEqual(first);
    expect(countSuggestionComputations()).toBe(computed);
    const passed = await keptAndFresh(validUntil);
    expect(countSuggestionComputations()).toBe(computed + 1);
    expect(passed.data[0].nextDeliveryDate! > first.data[0].nextDeliveryDate!).toBe(true);
  });

  it('is served until the location’s midnight, and recomputed from it', async () => {
    // 3:00 PM today: the next cut-off is tomorrow's, so midnight comes first.
    const at = atLocal(f.today, '15:00');
    await keptAndFresh(at);
    const { validUntil } = await getSuggestions(db, f.locationId, at);
    expect(validUntil).toBe(getNextDayStartInZone(f.today, timezone));
    const computed = countSuggestionComputations();
    await keptAndFresh(validUntil - 1);
    expect(countSuggestionComputations()).toBe(computed);
    await keptAndFresh(validUntil);
    expect(countSuggestionComputations()).toBe(computed + 1);
  });
});

describe('the suggested order kept per location, across locations', () => {
  it('is kept through another location’s changes, and never answers another location’s groups', async () => {
    const now = Date.now();
    const mine = await keptAndFresh(now);
    const theirs = await keptAndFresh(now, otherId);
    const groups = (answer: SuggestedOrdersResponse) => answer.data.flatMap((o) => o.lines.map((l) => l.genericGroupId));
    expect(groups(theirs)).toEqual([otherGroupId]);
    expect(groups(mine)).not.toContain(otherGroupId);

    const computed = countSuggestionComputations();
    await db.execute(sql`UPDATE inventory_groups SET par_level = 900 WHERE id = ${otherGroupId}`);
    await db.execute(sql`INSERT INTO cart_items (location_id, item_distributor_id, quantity)
      SELECT location_id, item_distributor_id, 1 FROM inventory_group_items WHERE group_id = ${otherGroupId}`);
    expect(await keptAndFresh(now)).toEqual(mine);
    expect(await f.get()).toEqual(mine);
    expect(countSuggestionComputations()).toBe(computed);
    const changed = await keptAndFresh(now, otherId);
    expect(countSuggestionComputations()).toBe(computed + 1);
    expect(changed).not.toEqual(theirs);
    expect(groups(changed)).toEqual([otherGroupId]);

    // The location row: its time zone moves its today, its delivery dates and its cut-offs.
    const zone = timezone === 'Pacific/Honolulu' ? 'Asia/Tokyo' : 'Pacific/Honolulu';
    await db.execute(sql`UPDATE locations SET timezone = ${zone} WHERE id = ${otherId}`);
    await keptAndFresh(now, otherId);
    expect(countSuggestionComputations()).toBe(computed + 2);
  });
});

describe('the suggested order versions, under concurrent writers', () => {
  // Two connections of their own (the app's pool is mostly held by its listeners and job workers);
  // PGlite has one connection, so this runs on PostgreSQL only.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'move at commit: a checkout (an input row, then the cart) and a cart save (the cart, then a line) do not deadlock',
    async () => {
      const [{ name }] = await queryRows<{ name: string }>(db, sql`SELECT current_database() AS name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const own = await openDatabase({ url: url.toString(), poolSize: 2 });
      const versionOf = async () =>
        (
          await queryRows<{ version: string | null }>(
            db,
            sql`SELECT (SELECT version FROM suggestion_versions WHERE location_id = ${otherId})::text AS version`,
          )
        )[0]!.version;
      await db.execute(sql`INSERT INTO carts (location_id, last_modified) VALUES (${otherId}, now()) ON CONFLICT DO NOTHING`);
      const before = await versionOf();
      let inputWritten!: () => void;
      let cartLocked!: () => void;
      const written = new Promise<void>((resolve) => (inputWritten = resolve));
      const locked = new Promise<void>((resolve) => (cartLocked = resolve));
      // Bumped at each statement, the first transaction held the location's version row from its
      // first write, and the second waited for it while holding the cart the first then asked for.
      const checkout = own.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE inventory_groups SET par_level = par_level + 1 WHERE id = ${otherGroupId}`);
        inputWritten();
        await locked;
        await tx.execute(sql`SELECT 1 FROM carts WHERE location_id = ${otherId} FOR UPDATE`);
      });
      const cartSave = own.db.transaction(async (tx) => {
        await written;
        await tx.execute(sql`SELECT 1 FROM carts WHERE location_id = ${otherId} FOR UPDATE`);
        cartLocked();
        await tx.execute(
          sql`UPDATE location_distributors SET order_cutoff_time = order_cutoff_time WHERE location_id = ${otherId}`,
        );
      });
      await Promise.all([checkout, cartSave]).finally(() => own.close());
      const after = await versionOf();
      expect(after).not.toBeNull();
      expect(after).not.toBe(before);
      // Each transaction's marks were taken at its commit: none is left behind.
      const [{ marks }] = await queryRows<{ marks: number }>(
        db,
        sql`SELECT count(*)::int AS marks FROM suggestion_version_marks`,
      );
      expect(marks).toBe(0);
    },
  );
});
