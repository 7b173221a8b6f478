import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../src/client';
import { companies, distributors, itemDistributors, items, locations } from '../src/schema/index';
import { recordInvoicePrices } from './invoice-prices';
import { applyOrderGuide } from './order-guides';
import { queryRows } from './sql-helpers';

let handle: DatabaseHandle;
let db: Database;

const LOCATION = 1;
const OTHER_LOCATION = 2;
const DIST = 531;
const OTHER_DIST = 558;

// Item-distributor ids 1–4 belong to DIST, 5 to OTHER_DIST.
beforeAll(async () => {
  handle = await openDatabase();
  await handle.migrate();
  db = handle.db;
  await db.insert(companies).values({ id: 1, nickname: 'Test', title: 'Test' });
  await db.insert(locations).values([
    { id: LOCATION, companyId: 1, nickname: 'Test Grill' },
    { id: OTHER_LOCATION, companyId: 1, nickname: 'Other Grill' },
  ]);
  await db.insert(distributors).values([
    { id: DIST, nickname: 'Harborline Foodservice' },
    { id: OTHER_DIST, nickname: 'Northeast Provisions' },
  ]);
  await db
    .insert(items)
    .values(
      [1, 2, 3, 4, 5].map((id) => ({ id, name: `Test product ${id}`, category: 'Dry Goods', genericName: 'Test product' })),
    );
  const offer = (id: number, distributorId: number, packSize: string, unitQuantity: number, unitSize: string, uom: string) => ({
    id,
    itemId: id,
    distributorId,
    din: `D${id}`,
    packSize,
    unitQuantity,
    unitSize,
    packSizeUom: uom,
    price: '1.00',
    unitPrice: '1.0000',
  });
  await db
    .insert(itemDistributors)
    .values([
      offer(1, DIST, '4/10 LB', 4, '10', 'LB'),
      offer(2, DIST, '1000/1 EA', 1000, '1', 'EA'),
      offer(3, DIST, '6/#10 CN', 6, '1', '#10 CN'),
      { ...offer(4, DIST, '2/15 LB', 2, '15', 'LB'), unitMeasure: 'LB', isCatchWeight: true, averageWeight: '30.5' },
      offer(5, OTHER_DIST, '12/32 FL OZ', 12, '32', 'FL OZ'),
    ]);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

interface Row {
  item_distributor_id: number;
  order_guide_id: number;
  price: string;
  unit_price: string;
  end_date: string;
  is_punched_out: boolean;
  is_price_outdated: boolean;
}

async function locationItems(locationId = LOCATION): Promise<Record<number, Row>> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT item_distributor_id, order_guide_id, price::text, unit_price::text, end_date::text, is_punched_out, is_price_outdated
        FROM location_items WHERE location_id = ${locationId} ORDER BY item_distributor_id`,
  );
  return Object.fromEntries(rows.map((row) => [row.item_distributor_id, row]));
}

async function count(table: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM ${sql.identifier(table)}`);
  return row.count;
}

describe('applyOrderGuide', () => {
  let firstGuideId = 0;

  test('a first guide adds its items with prices, unit prices and the end date', async () => {
    const result = await applyOrderGuide(db, {
      locationId: LOCATION,
      distributorId: DIST,
      startDate: '2025-03-01',
      endDate: '2025-03-14',
      lines: [
        { itemDistributorId: 1, price: '54.95' },
        { itemDistributorId: 2, price: '6.5' },
        { itemDistributorId: 3, price: '41.10', endDate: '2025-03-05' },
      ],
    });
    firstGuideId = result.orderGuideId;
    expect(result).toMatchObject({ itemCount: 3, added: 3, restored: 0, punchedOut: 0 });
    const [guide] = await queryRows<{ item_count: number; start_date: string; end_date: string }>(
      db,
      sql`SELECT item_count, start_date::text, end_date::text FROM order_guides WHERE id = ${firstGuideId}`,
    );
    expect(guide).toEqual({ item_count: 3, start_date: '2025-03-01', end_date: '2025-03-14' });
    expect(await locationItems()).toEqual({
      1: {
        item_distributor_id: 1,
        order_guide_id: firstGuideId,
        price: '54.95',
        unit_price: '1.3738',
        end_date: '2025-03-14',
        is_punched_out: false,
        is_price_outdated: false,
      },
      2: {
        item_distributor_id: 2,
        order_guide_id: firstGuideId,
        price: '6.50',
        unit_price: '0.0065',
        end_date: '2025-03-14',
        is_punched_out: false,
        is_price_outdated: false,
      },
      3: {
        item_distributor_id: 3,
        order_guide_id: firstGuideId,
        price: '41.10',
        unit_price: '6.8500',
        end_date: '2025-03-05',
        is_punched_out: false,
        is_price_outdated: false,
      },
    });
  });

  test('the next guide updates prices, adds new items and punches out the missing ones', async () => {
    const result = await applyOrderGuide(db, {
      locationId: LOCATION,
      distributorId: DIST,
      startDate: '2025-03-08',
      endDate: '2025-03-21',
      lines: [
        { itemDistributorId: 2, price: '6.90' },
        { itemDistributorId: 3, price: '41.10' },
        // catch weight: priced per pound, so the unit price is the price
        { itemDistributorId: 4, price: '8.49' },
      ],
    });
    expect(result).toMatchObject({ itemCount: 3, added: 1, restored: 0, punchedOut: 1 });
    const rows = await locationItems();
    // Punched out: keeps the price and guide it last had.
    expect(rows[1]).toMatchObject({ is_punched_out: true, order_guide_id: firstGuideId, price: '54.95' });
    expect(rows[2]).toMatchObject({
      is_punched_out: false,
      order_guide_id: result.orderGuideId,
      price: '6.90',
      unit_price: '0.0069',
    });
    expect(rows[3]).toMatchObject({ is_punched_out: false, end_date: '2025-03-21' });
    expect(rows[4]).toMatchObject({ is_punched_out: false, price: '8.49', unit_price: '8.4900' });
  });

  test('an item back on a later guide is restored; another location and distributor are untouched', async () => {
    await applyOrderGuide(db, {
      locationId: OTHER_LOCATION,
      distributorId: DIST,
      startDate: '2025-03-08',
      endDate: '2025-03-21',
      lines: [{ itemDistributorId: 3, price: '40.00' }],
    });
    await applyOrderGuide(db, {
      locationId: LOCATION,
      distributorId: OTHER_DIST,
      startDate: '2025-03-08',
      endDate: '2025-03-21',
      lines: [{ itemDistributorId: 5, price: '23.04' }],
    });
    const result = await applyOrderGuide(db, {
      locationId: LOCATION,
      distributorId: DIST,
      startDate: '2025-03-15',
      endDate: '2025-03-28',
      lines: [
        { itemDistributorId: 1, price: '56.00' },
        { itemDistributorId: 2, price: '6.90' },
      ],
    });
    expect(result).toMatchObject({ itemCount: 2, added: 0, restored: 1, punchedOut: 2 });
    const rows = await locationItems();
    expect(rows[1]).toMatchObject({
      is_punched_out: false,
      order_guide_id: result.orderGuideId,
      price: '56.00',
      unit_price: '1.4000',
    });
    expect(rows[3].is_punched_out).toBe(true);
    expect(rows[4].is_punched_out).toBe(true);
    // The other distributor's item is not punched out by this distributor's guide.
    expect(rows[5]).toMatchObject({ is_punched_out: false, price: '23.04', unit_price: '0.0600' });
    // The other location keeps its own copy.
    expect(await locationItems(OTHER_LOCATION)).toMatchObject({ 3: { is_punched_out: false, price: '40.00' } });
  });

  test("a line of another distributor's item is refused and nothing is stored", async () => {
    const guides = await count('order_guides');
    const lines = await count('order_guide_items');
    const before = await locationItems();
    await expect(
      applyOrderGuide(db, {
        locationId: LOCATION,
        distributorId: DIST,
        startDate: '2025-03-22',
        endDate: '2025-04-04',
        lines: [
          { itemDistributorId: 1, price: '1.00' },
          { itemDistributorId: 5, price: '1.00' },
        ],
      }),
    ).rejects.toThrow(/not items of distributor 531/);
    expect(await count('order_guides')).toBe(guides);
    expect(await count('order_guide_items')).toBe(lines);
    expect(await locationItems()).toEqual(before);
  });

  test('invalid input is refused before touching the database', async () => {
    const base = { locationId: LOCATION, distributorId: DIST, startDate: '2025-03-22', endDate: '2025-04-04' };
    await expect(applyOrderGuide(db, { ...base, lines: [] })).rejects.toThrow(/at least one line/);
    await expect(
      applyOrderGuide(db, {
        ...base,
        lines: [
          { itemDistributorId: 1, price: '1.00' },
          { itemDistributorId: 1, price: '2.00' },
        ],
      }),
    ).rejects.toThrow(/twice/);
    await expect(applyOrderGuide(db, { ...base, lines: [{ itemDistributorId: 1, price: '1.005' }] })).rejects.toThrow(
      /Invalid price/,
    );
    await expect(applyOrderGuide(db, { ...base, lines: [{ itemDistributorId: 1, price: '-1' }] })).rejects.toThrow(
      /Invalid price/,
    );
    await expect(
      applyOrderGuide(db, { ...base, endDate: '2025-03-01', lines: [{ itemDistributorId: 1, price: '1' }] }),
    ).rejects.toThrow(/end before/);
    await expect(
      applyOrderGuide(db, { ...base, startDate: '2025-02-30', lines: [{ itemDistributorId: 1, price: '1' }] }),
    ).rejects.toThrow(/Invalid startDate/);
  });
});

describe('recordInvoicePrices', () => {
  test('an invoice newer than the guide marks the guide price outdated; the next guide clears it', async () => {
    // Item 1's latest guide started 2025-03-15; item 2's too.
    const updated = await recordInvoicePrices(db, LOCATION, [
      { itemDistributorId: 1, price: '55.10', invoiceDate: '2025-03-18' },
      { itemDistributorId: 2, price: '6.75', invoiceDate: '2025-03-10' },
      { itemDistributorId: 999, price: '1.00', invoiceDate: '2025-03-18' },
    ]);
    expect(updated).toBe(2);
    const [one, two] = await queryRows<{ purchased_price: string; invoice_date: string; is_price_outdated: boolean }>(
      db,
      sql`SELECT purchased_price::text, invoice_date::text, is_price_outdated FROM location_items
          WHERE location_id = ${LOCATION} AND item_distributor_id IN (1, 2) ORDER BY item_distributor_id`,
    );
    expect(one).toEqual({ purchased_price: '55.10', invoice_date: '2025-03-18', is_price_outdated: true });
    expect(two).toEqual({ purchased_price: '6.75', invoice_date: '2025-03-10', is_price_outdated: false });

    // An older invoice does not replace a newer one.
    expect(await recordInvoicePrices(db, LOCATION, [{ itemDistributorId: 1, price: '50.00', invoiceDate: '2025-03-11' }])).toBe(
      0,
    );

    await applyOrderGuide(db, {
      locationId: LOCATION,
      distributorId: DIST,
      startDate: '2025-03-22',
      endDate: '2025-04-04',
      lines: [
        { itemDistributorId: 1, price: '55.50' },
        { itemDistributorId: 2, price: '6.90' },
      ],
    });
    const rows = await locationItems();
    expect(rows[1]).toMatchObject({ price: '55.50', is_price_outdated: false });
    const [kept] = await queryRows<{ purchased_price: string }>(
      db,
      sql`SELECT purchased_price::text FROM location_items WHERE location_id = ${LOCATION} AND item_distributor_id = 1`,
    );
    expect(kept.purchased_price).toBe('55.10');
  });
});
