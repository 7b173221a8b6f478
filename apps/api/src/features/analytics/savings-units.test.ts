import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, saleContentColumns } from '@stockpot/db';
import { buildOffer } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { analyticsResponseSchema, compareRatios, getSaleContent } from '@stockpot/domain';
import {
  checkSavingsAddUp,
  checkSuggestionsNeverDearer,
  listAllSavingsLines,
  listAllSuggestions,
  suggestionOfferIds,
} from '../../test-support/savings-checks';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

/**
 * Issue 32: savings compared per unit of one kind. On the demo data every savings figure equals
 * the sum of the lines GET analytics/savings-lines lists, and no suggestion is dearer per unit than
 * the item it replaces (every suggestion, every page). A hand-computed fixture in May 2032 (no demo
 * orders there) pins the gallon / fluid-ounce mix-up of the issue:
 *
 * Vinegar V at D1 "4/1 GAL" $159.48 ($39.87/gal) and at D2 "12/32 FL OZ" $132.47 (3 gal,
 * $44.1567/gal). An order of 2 × V@D1 saved what V@D2 would have cost more for the same 8 gal:
 * 2 × (132.47 × 4 / 3 − 159.48) = 2 × 17.1467 = $34.29. An order of 1 × V@D2 saved nothing (V@D1
 * is cheaper per gallon; the old comparison of $0.3450/fl oz with $39.87/gal made it $4,440.64).
 */
let t: TestApp;
let owner: string;
const L = DEMO_IDS.locations.harborGrill;
let vinegarGallons: number;
let vinegarOunces: number;

async function insertOrder(distributor: number, at: string, item: number, quantity: number, price: string, pack: string) {
  const [order] = await queryRows<{ id: number }>(
    t.handle.db,
    sql`INSERT INTO orders (location_id, distributor_id, status, line_items, subtotal, delivery_fee, total, total_rebates, created_at)
        VALUES (${L}, ${distributor}, 'submitted', 1, ${price}::numeric * ${quantity}, 0, ${price}::numeric * ${quantity}, 0, ${at})
        RETURNING id`,
  );
  await t.handle.db.execute(
    sql`INSERT INTO order_items (order_id, location_id, item_distributor_id, is_special, description, pack_size, quantity, price)
        VALUES (${order.id}, ${L}, ${item}, false, 'Units Test Vinegar', ${pack}, ${quantity}, ${price})`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  const [d1, d2] = (
    await queryRows<{ distributor_id: number }>(
      t.handle.db,
      sql`SELECT distributor_id FROM location_distributors WHERE location_id = ${L} ORDER BY distributor_id LIMIT 2`,
    )
  ).map((row) => row.distributor_id);
  const item = { name: 'Units Test Vinegar', category: 'Units Test', genericName: 'units test vinegar' };
  const gallons = await buildOffer(t.handle.db, {
    locationId: L,
    distributorId: d1,
    item,
    offer: { packSize: '4/1 GAL', unitQuantity: 4, unitSize: '1', packSizeUom: 'GAL', price: '159.48', unitPrice: '39.8700' },
    location: null,
  });
  vinegarGallons = gallons.id;
  vinegarOunces = (
    await buildOffer(t.handle.db, {
      locationId: L,
      distributorId: d2,
      itemId: gallons.itemId,
      offer: {
        packSize: '12/32 FL OZ',
        unitQuantity: 12,
        unitSize: '32',
        packSizeUom: 'FL OZ',
        price: '132.47',
        unitPrice: '0.3450',
      },
      location: null,
    })
  ).id;
  await insertOrder(d1, '2032-05-04T16:00:00Z', vinegarGallons, 2, '159.48', '4/1 GAL');
  await insertOrder(d2, '2032-05-11T16:00:00Z', vinegarOunces, 1, '132.47', '12/32 FL OZ');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(owner) });

async function listAllLines(filter: string) {
  const listed = await listAllSavingsLines(get, filter);
  expect(listed.problems).toEqual([]);
  return listed;
}

describe('savings compared per unit of one kind', () => {
  it("reads every demo offer's content per unit of sale in SQL as the domain does", async () => {
    const content = saleContentColumns('d');
    const rows = await queryRows<{
      id: number;
      pack_size: string;
      unit_measure: string;
      key: string | null;
      base: string | null;
    }>(
      t.handle.db,
      sql`SELECT d.id, d.pack_size, d.unit_measure, ${content.key} AS key, ${content.base}::text AS base FROM item_distributors d`,
    );
    expect(rows.length).toBeGreaterThan(1000);
    const kinds = new Set<string>();
    for (const row of rows) {
      const expected = getSaleContent(row.unit_measure, row.pack_size);
      expect(row.key, row.pack_size).toBe(expected?.key ?? null);
      if (!expected) continue;
      kinds.add(expected.key);
      const [whole, fraction = ''] = row.base!.split('.');
      const base = { num: BigInt(whole + fraction), den: 10n ** BigInt(fraction.length) };
      expect(compareRatios(base, expected.base), `${row.unit_measure} ${row.pack_size}`).toBe(0);
    }
    expect([...kinds]).toEqual(expect.arrayContaining(['weight', 'volume', 'count']));
  });

  it('counts the gallon case against the fluid-ounce case per gallon, both ways', async () => {
    const week = async (start: string, end: string) =>
      analyticsResponseSchema.parse((await get(`/analytics?filter_type=CUSTOM&start_date=${start}&end_date=${end}`)).json().data)
        .total_savings;
    expect((await week('2032-05-03', '2032-05-09')).detail).toContainEqual({ name: 'distributorSavings', amount: 3429 });
    expect((await week('2032-05-10', '2032-05-16')).total).toBe(0);
    const { lines } = await listAllLines('filter_type=CUSTOM&start_date=2032-05-03&end_date=2032-05-09');
    expect(lines).toEqual([
      expect.objectContaining({
        type: 'distributorSavings',
        itemDistributorId: vinegarGallons,
        comparedItemDistributorId: vinegarOunces,
        quantity: 2,
        unit: 'GAL',
        paidUnitPrice: 398_700,
        comparedUnitPrice: 441_567,
        saving: 3429,
      }),
    ]);
  });

  for (const filter of ['filter_type=MONTHLY', 'filter_type=YEARLY']) {
    it(`adds each demo savings figure up from its lines (${filter})`, async () => {
      const { lineCount, problems } = await checkSavingsAddUp(get, filter);
      expect(lineCount).toBeGreaterThan(10);
      expect(problems).toEqual([]);
      const figures = analyticsResponseSchema.parse((await get(`/analytics?${filter}`)).json().data).total_savings;
      for (const { name, amount } of figures.detail) {
        const typed = await listAllLines(`${filter}&type=${name}`);
        expect(typed.total).toBe(amount);
      }
    });
  }

  it('answers 400 for an unknown savings type', async () => {
    const response = await get('/analytics/savings-lines?type=bogus');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/type must be/);
  });
});

describe('savings suggestions', () => {
  it('never suggests an item dearer per unit (every suggestion of the demo location)', async () => {
    const suggestions = await listAllSuggestions(get);
    expect(suggestions.length).toBeGreaterThan(50);
    const offers = new Map(
      (
        await queryRows<{ id: number; pack_size: string; unit_measure: string }>(
          t.handle.db,
          sql`SELECT id, pack_size, unit_measure FROM item_distributors WHERE id = ANY(${`{${suggestionOfferIds(suggestions).join(',')}}`}::int[])`,
        )
      ).map((row) => [row.id, row]),
    );
    expect(checkSuggestionsNeverDearer(suggestions, offers)).toEqual([]);
    // the issue's vinegar: its dearer 12/32 FL OZ case is no longer suggested (a cheaper gallon case is)
    const vinegar = suggestions.find((s) => s.name.startsWith('VINEGAR WHITE DISTILLED ORGANIC 4/1 GAL'));
    expect(vinegar && offers.get(vinegar.betterItemDistributorId)!.pack_size).toBe('4/1 GAL');
  });

  it('suggests the gallon vinegar for the fluid-ounce one, never the other way', async () => {
    await t.handle.db.execute(
      sql`INSERT INTO location_items (location_id, item_distributor_id, distributor_id, price, unit_price, purchased_quantity)
          SELECT ${L}, id, distributor_id, price, unit_price, 1 FROM item_distributors WHERE id IN (${vinegarGallons}, ${vinegarOunces})
          ON CONFLICT (location_id, item_distributor_id) DO UPDATE SET purchased_quantity = 1`,
    );
    const all = [];
    for (let page = 1; ; page++) {
      const body = (await get(`/analytics/savings-suggestions?size=50&page=${page}`)).json();
      all.push(...body.data);
      if (page >= body._meta.pageCount) break;
    }
    expect(all.find((s) => s.itemDistributorId === vinegarGallons)).toBeUndefined();
    // the ounce case is dearer per gallon: the gallon case is suggested for it, $132.47 − 3/4 × $159.48 = $12.86
    expect(all.find((s) => s.itemDistributorId === vinegarOunces)).toMatchObject({
      betterItemDistributorId: vinegarGallons,
      savingsPerCase: 1286,
      unit: 'FL OZ',
      unitPrice: 3450,
      betterUnitPrice: 3115,
    });
  });
});
