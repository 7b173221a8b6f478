import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../src/client';
import { companies, locations } from '../src/schema/index';
import {
  computeUnitPriceE4,
  DEMO_IDS,
  DEMO_PASSWORD,
  isDatabaseSeeded,
  parsePackSize,
  seedDemo,
  type DemoSummary,
} from './index';
import { queryRows } from './sql-helpers';

const TODAY = '2025-03-14';
const HARBOR_GRILL = DEMO_IDS.locations.harborGrill;

let handle: DatabaseHandle;
let db: Database;
let summary: DemoSummary;

beforeAll(async () => {
  handle = await openDatabase();
  await handle.migrate();
  db = handle.db;
  summary = await seedDemo(db, { today: TODAY });
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

/** Item-distributor ids on Harbor Grill's list (not punched out) matching a condition. */
async function harborGrillItems(condition: ReturnType<typeof sql>): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT d.id FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ${HARBOR_GRILL} AND NOT li.is_punched_out AND ${condition} ORDER BY d.id`,
  );
  return rows.map((row) => row.id);
}

describe('accounts', () => {
  test('the company carries its branding', async () => {
    const [company] = await db.select().from(companies);
    expect(company).toMatchObject({
      id: 1,
      nickname: 'Stockpot Demo Co.',
      logoUrl: '/brand/logo.svg',
      favico: '/brand/favicon.svg',
      spinnerImageUrl: null,
      mainColor: '#1f6f5c',
    });
    expect(await isDatabaseSeeded(db)).toBe(true);
  });

  test('the three locations have their flags', async () => {
    const rows = await db.select().from(locations).orderBy(locations.id);
    expect(rows.map((row) => [row.id, row.nickname, row.timezone])).toEqual([
      [1, 'Harbor Grill', 'America/New_York'],
      [2, 'Harbor Grill Express', 'America/New_York'],
      [3, 'Harbor Catering', 'America/New_York'],
    ]);
    const [grill, express, catering] = rows;
    expect(grill).toMatchObject({
      canPlaceOrder: true,
      displayAccounting: true,
      displayRecipeCosting: true,
      displayComparisonView: true,
      displayShoppingCart: true,
      displayRebate: true,
      displayMatch: true,
      displayInventory: true,
    });
    expect(express).toMatchObject({
      canPlaceOrder: true,
      displayComparisonView: false,
      displayAccounting: false,
      displayRecipeCosting: false,
      displayInventory: false,
      displayRebate: true,
      displayMatch: true,
      displayShoppingCart: true,
    });
    expect(catering).toMatchObject({ canPlaceOrder: false, displayShoppingCart: false, displayComparisonView: true });
    for (const row of rows) expect(row.address).not.toBe('');
  });

  test('the sign-in accounts, memberships and shared argon2id password', async () => {
    const users = await queryRows<{
      id: number;
      email: string;
      name: string;
      title: string;
      role: string;
      edit_comparison_view: boolean;
      active_location_id: number | null;
      location_ids: number[] | null;
      password_hash: string;
    }>(
      db,
      sql`SELECT u.id, u.email, u.first_name || ' ' || u.last_name AS name, u.title, u.role, u.edit_comparison_view,
                 u.active_location_id, u.password_hash,
                 (SELECT array_agg(ul.location_id ORDER BY ul.location_id) FROM user_locations ul WHERE ul.user_id = u.id) AS location_ids
          FROM users u ORDER BY u.id`,
    );
    expect(users.map(({ password_hash: _hash, ...user }) => user)).toEqual([
      {
        id: DEMO_IDS.users.owner,
        email: 'owner@demo.test',
        name: 'Olivia Owens',
        title: 'Owner',
        role: 'member',
        edit_comparison_view: true,
        active_location_id: 1,
        location_ids: [1, 2, 3],
      },
      {
        id: DEMO_IDS.users.chef,
        email: 'chef@demo.test',
        name: 'Carlos Chen',
        title: 'Chef',
        role: 'member',
        edit_comparison_view: false,
        active_location_id: 1,
        location_ids: [1, 2],
      },
      {
        id: DEMO_IDS.users.admin,
        email: 'admin@demo.test',
        name: 'Ada Admin',
        title: 'Stockpot Admin',
        role: 'admin',
        edit_comparison_view: true,
        active_location_id: null,
        location_ids: null,
      },
      {
        id: DEMO_IDS.users.rep,
        email: 'rep@demo.test',
        name: 'Nora Ellis',
        title: 'Sales rep',
        role: 'member',
        edit_comparison_view: false,
        active_location_id: null,
        location_ids: null,
      },
    ]);
    for (const user of users) {
      expect(user.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(await verify(user.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(await verify(user.password_hash, 'wrong-password')).toBe(false);
    }
  });

  test('sequences continue after the fixed ids', async () => {
    const [inserted] = await db
      .insert(locations)
      .values({ companyId: DEMO_IDS.company, nickname: 'Scratch' })
      .returning({ id: locations.id });
    expect(inserted.id).toBe(4);
    await db.execute(sql`DELETE FROM locations WHERE id = ${inserted.id}`);
    const [item] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO items (name, category, generic_name) VALUES ('Scratch', 'Produce', 'Scratch') RETURNING id`,
    );
    expect(item.id).toBe(summary.items + 1);
    await db.execute(sql`DELETE FROM items WHERE id = ${item.id}`);
  });

  test('seeding again is refused', async () => {
    await expect(seedDemo(db, { today: TODAY })).rejects.toThrow(/already/);
  });
});

describe('distributors', () => {
  test('at least five, with 531 and 558, all linked to Harbor Grill with the required terms', async () => {
    const links = await queryRows<{
      distributor_id: number;
      is_min_order_amount_required: boolean;
      min_order_amount: string;
      accept_cc: number;
      is_delivery: number;
      customer_number: string;
      delivery_weekdays: number[];
    }>(
      db,
      sql`SELECT ld.distributor_id, ld.is_min_order_amount_required, ld.min_order_amount::text, ld.accept_cc, ld.is_delivery,
                 ld.customer_number, ld.delivery_weekdays
          FROM location_distributors ld WHERE ld.location_id = ${HARBOR_GRILL} ORDER BY ld.distributor_id`,
    );
    const [{ count: distributorCount }] = await queryRows<{ count: number }>(
      db,
      // The directory (migration 0031) is platform data, not the demo's.
      sql`SELECT count(*)::int AS count FROM distributors WHERE NOT in_directory`,
    );
    const ids = links.map((link) => link.distributor_id);
    expect(distributorCount).toBeGreaterThanOrEqual(5);
    expect(ids).toHaveLength(distributorCount);
    expect(ids).toEqual(expect.arrayContaining([531, 558]));
    expect(links.some((link) => link.is_min_order_amount_required && Number(link.min_order_amount) > 0)).toBe(true);
    expect(links.some((link) => link.accept_cc === 0)).toBe(true);
    expect(links.some((link) => link.is_delivery === 1)).toBe(true);
    expect(links.filter((link) => link.accept_cc !== 0).every((link) => [1, 2].includes(link.accept_cc))).toBe(true);
    for (const link of links) {
      expect(link.customer_number).not.toBe('');
      expect(link.delivery_weekdays.length).toBeGreaterThan(0);
      expect(link.delivery_weekdays.every((day) => day >= 1 && day <= 7)).toBe(true);
    }
    const [{ express, catering }] = await queryRows<{ express: number; catering: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE location_id = 2)::int AS express, count(*) FILTER (WHERE location_id = 3)::int AS catering
          FROM location_distributors`,
    );
    expect(express).toBeGreaterThan(0);
    expect(express).toBeLessThan(ids.length);
    expect(catering).toBeGreaterThan(0);
    expect(catering).toBeLessThan(ids.length);
  });
});

describe('catalogue', () => {
  test('at least 3000 items, several offers per item', async () => {
    const [counts] = await queryRows<{ items: number; offers: number; carried: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM items) AS items, (SELECT count(*)::int FROM item_distributors) AS offers,
                 (SELECT count(DISTINCT item_id)::int FROM item_distributors) AS carried`,
    );
    expect(counts.items).toBeGreaterThanOrEqual(3000);
    expect(counts.carried).toBe(counts.items);
    expect(counts.offers / counts.items).toBeGreaterThanOrEqual(1.5);
    expect(summary.items).toBe(counts.items);
    const [sameItem] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM (SELECT item_id FROM item_distributors GROUP BY item_id HAVING count(*) >= 3) t`,
    );
    expect(sameItem.count).toBeGreaterThan(100);
  });

  test('pack columns and unit prices agree with the pack string and the price', async () => {
    const offers = await queryRows<{
      pack_size: string;
      unit_quantity: number;
      unit_size: string;
      pack_size_uom: string;
      unit_measure: string;
      price: string;
      unit_price: string;
    }>(
      db,
      sql`SELECT pack_size, unit_quantity, unit_size::text, pack_size_uom, unit_measure, price::text, unit_price::text FROM item_distributors`,
    );
    for (const offer of offers) {
      const pack = parsePackSize(offer.pack_size);
      expect(offer.unit_quantity).toBe(pack.unitQuantity);
      expect(offer.pack_size_uom).toBe(pack.packSizeUom);
      expect(Math.round(Number(offer.unit_size) * 10_000)).toBe(pack.unitSizeE4);
    }
    // The location's prices (computed in SQL by applyOrderGuide) follow the same rule.
    const locationPrices = await queryRows<{ pack_size: string; unit_measure: string; price: string; unit_price: string }>(
      db,
      sql`SELECT d.pack_size, d.unit_measure, li.price::text, li.unit_price::text
          FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id`,
    );
    expect(locationPrices.length).toBe(
      summary.locationItems.harborGrill + summary.locationItems.harborGrillExpress + summary.locationItems.harborCatering,
    );
    for (const row of [...offers, ...locationPrices]) {
      const cents = Number(row.price.replace('.', ''));
      const expected = computeUnitPriceE4(cents, parsePackSize(row.pack_size), row.unit_measure);
      expect(row.unit_price.replace('.', '').replace(/^0+(?=\d)/, '')).toBe(String(expected));
    }
    const packs = new Set(offers.map((offer) => offer.pack_size));
    for (const expected of ['4/10 LB', '6/#10 CN', '1/50 LB', '12/32 FL OZ', '4/1 GAL', '24/12 FL OZ'])
      expect(packs).toContain(expected);
  });
});

describe("Harbor Grill's special items", () => {
  test('call-in, out-of-stock, market-price, catch-weight, rebate and sub-cent items are on its list', async () => {
    expect((await harborGrillItems(sql`d.is_unpurchasable`)).length).toBeGreaterThanOrEqual(3);
    expect((await harborGrillItems(sql`d.status = 'inactive'`)).length).toBeGreaterThanOrEqual(3);
    expect((await harborGrillItems(sql`d.is_market_price`)).length).toBeGreaterThanOrEqual(3);
    expect(
      (await harborGrillItems(sql`d.is_catch_weight AND d.average_weight > 0 AND d.unit_measure = 'LB'`)).length,
    ).toBeGreaterThanOrEqual(3);
    expect((await harborGrillItems(sql`d.rebate > 0`)).length).toBeGreaterThanOrEqual(3);
    expect((await harborGrillItems(sql`li.unit_price < 0.01 AND li.unit_price > 0`)).length).toBeGreaterThanOrEqual(1);
    expect((await harborGrillItems(sql`li.end_date < ${TODAY}::date`)).length).toBeGreaterThanOrEqual(3);
  });

  test('electronic-invoice items, some with the guide price outdated and some not', async () => {
    const outdated = await harborGrillItems(
      sql`li.purchased_price IS NOT NULL AND li.invoice_date IS NOT NULL AND li.is_price_outdated`,
    );
    const current = await harborGrillItems(
      sql`li.purchased_price IS NOT NULL AND li.invoice_date IS NOT NULL AND NOT li.is_price_outdated`,
    );
    expect(outdated.length).toBeGreaterThanOrEqual(3);
    expect(current.length).toBeGreaterThanOrEqual(3);
    // Outdated means the invoice is newer than the guide the price came from.
    const wrong = await harborGrillItems(
      sql`li.is_price_outdated AND li.invoice_date <= (SELECT og.start_date FROM order_guides og WHERE og.id = li.order_guide_id)`,
    );
    expect(wrong).toEqual([]);
  });

  test('punched-out items were on an older guide and are missing from the latest one', async () => {
    const punched = await queryRows<{ item_distributor_id: number; distributor_id: number; order_guide_id: number }>(
      db,
      sql`SELECT item_distributor_id, distributor_id, order_guide_id FROM location_items
          WHERE location_id = ${HARBOR_GRILL} AND is_punched_out ORDER BY item_distributor_id`,
    );
    expect(punched.length).toBeGreaterThanOrEqual(3);
    for (const item of punched) {
      const guides = await queryRows<{ id: number; has_item: boolean }>(
        db,
        sql`SELECT og.id, EXISTS (SELECT 1 FROM order_guide_items ogi WHERE ogi.order_guide_id = og.id AND ogi.item_distributor_id = ${item.item_distributor_id}) AS has_item
            FROM order_guides og WHERE og.location_id = ${HARBOR_GRILL} AND og.distributor_id = ${item.distributor_id}
            ORDER BY og.created_at DESC, og.id DESC`,
      );
      expect(guides.length).toBeGreaterThanOrEqual(2);
      const [latest, ...older] = guides;
      expect(latest.has_item).toBe(false);
      expect(older.some((guide) => guide.has_item)).toBe(true);
      // Its price is the one of the last guide it was on.
      expect(older.find((guide) => guide.has_item)?.id).toBe(item.order_guide_id);
    }
  });

  test('every item still on the list has the price of its latest guide', async () => {
    const mismatches = await queryRows<{ item_distributor_id: number }>(
      db,
      sql`SELECT li.item_distributor_id FROM location_items li
          JOIN LATERAL (SELECT og.id FROM order_guides og WHERE og.location_id = li.location_id AND og.distributor_id = li.distributor_id
                        ORDER BY og.created_at DESC, og.id DESC LIMIT 1) latest ON true
          LEFT JOIN order_guide_items ogi ON ogi.order_guide_id = latest.id AND ogi.item_distributor_id = li.item_distributor_id
          WHERE NOT li.is_punched_out AND (li.order_guide_id <> latest.id OR ogi.price IS DISTINCT FROM li.price)`,
    );
    expect(mismatches).toEqual([]);
  });

  test('Harbor Grill has several hundred items, the other locations fewer', () => {
    expect(summary.locationItems.harborGrill).toBeGreaterThanOrEqual(300);
    expect(summary.locationItems.harborGrill).toBeLessThanOrEqual(1500);
    expect(summary.locationItems.harborGrillExpress).toBeGreaterThan(0);
    expect(summary.locationItems.harborGrillExpress).toBeLessThan(summary.locationItems.harborGrill);
    expect(summary.locationItems.harborCatering).toBeGreaterThan(0);
    expect(summary.locationItems.harborCatering).toBeLessThan(summary.locationItems.harborGrill);
    for (const examples of Object.values(summary.examples)) expect(examples.length).toBeGreaterThan(0);
  });
});

describe('determinism', () => {
  test('a second fresh database gets identical rows', async () => {
    const other = await openDatabase();
    try {
      await other.migrate();
      await seedDemo(other.db, { today: TODAY });
      const snapshots: [string, ReturnType<typeof sql>][] = [
        [
          'users',
          sql`SELECT id, email, first_name, last_name, title, role, edit_comparison_view, active_location_id, created_at::text FROM users ORDER BY id`,
        ],
        ['items', sql`SELECT * FROM items ORDER BY id`],
        ['item_distributors', sql`SELECT * FROM item_distributors ORDER BY id`],
        ['location_distributors', sql`SELECT * FROM location_distributors ORDER BY location_id, distributor_id`],
        [
          'order_guides',
          sql`SELECT id, location_id, distributor_id, start_date::text, end_date::text, item_count, created_at::text FROM order_guides ORDER BY id`,
        ],
        ['order_guide_items', sql`SELECT * FROM order_guide_items ORDER BY order_guide_id, item_distributor_id`],
        [
          'location_items',
          sql`SELECT *, end_date::text AS end_text, invoice_date::text AS invoice_text, updated_at::text AS updated_text FROM location_items ORDER BY location_id, item_distributor_id`,
        ],
        [
          'orders',
          sql`SELECT id, location_id, distributor_id, user_id, status, requested_delivery_date::text, requested_delivery_time, notes,
                     line_items, subtotal::text, total::text, total_rebates::text, created_at::text FROM orders ORDER BY id`,
        ],
        ['order_items', sql`SELECT * FROM order_items ORDER BY id`],
      ];
      for (const [name, query] of snapshots) {
        const mine = await queryRows<Record<string, unknown>>(db, query);
        const theirs = await queryRows<Record<string, unknown>>(other.db, query);
        expect(theirs.length, name).toBeGreaterThan(0);
        expect(theirs, name).toEqual(mine);
      }
    } finally {
      await other.close();
    }
  }, 120_000);
});
