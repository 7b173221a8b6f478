import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows, refreshLocationReadModel } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import {
  INVENTORIES_TEXTS,
  inventoryDetailSchema,
  pastInventorySchema,
  type GenericGroup,
  type InventoryDetail,
  type InventoryList,
  type PastInventory,
} from '@stockpot/domain';
import { openInventoryTestApp } from '../../test-support/inventory-lists';
import { bearer, type TestApp } from '../../test-support/test-app';

const L = DEMO_IDS.locations;
let t: TestApp;
let owner: string;
let chef: string;
let kitchen: InventoryList;
let bar: InventoryList;

const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token = owner,
  payload?: unknown,
  location: number = L.harborGrill,
) =>
  t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...bearer(token), 'x-location-id': String(location) },
    payload: payload as object,
  });

async function groupsOf(listId: number): Promise<GenericGroup[]> {
  const response = await api('GET', `comparison-views/${listId}/groups?expand=items&limit=200`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function detail(id: number, query = ''): Promise<InventoryDetail> {
  const response = await api('GET', `inventory/${id}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return inventoryDetailSchema.parse(response.json().data);
}

async function activeInventoryId(): Promise<number | null> {
  const [row] = await queryRows<{ id: number | null }>(
    t.handle.db,
    sql`SELECT active_inventory_id AS id FROM locations WHERE id = ${L.harborGrill}`,
  );
  return row.id;
}

async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.getWorksheet('Inventory')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  ({ t, owner, chef, kitchen, bar } = await openInventoryTestApp());
});
afterAll(async () => {
  await t?.close();
});

describe('past inventories', () => {
  it("lists Harbor Grill's two demo inventories, newest first, 12 to a page", async () => {
    const response = await api('GET', 'inventory');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data.map((row: unknown) => pastInventorySchema.parse(row)) as PastInventory[];
    expect(data).toHaveLength(2);
    expect(response.json()._meta).toMatchObject({ currentPage: 1, pageCount: 1 });
    expect(data[0].start_date > data[1].start_date).toBe(true);
    for (const inventory of data) {
      expect(inventory.status).toBe('completed');
      expect(inventory.completed_date).not.toBeNull();
      expect(inventory.total_on_hand_value).toBeGreaterThan(0);
      expect(inventory.file_url).toBe(`/api/v1/inventory/spreadsheet?id=${inventory.id}`);
    }
    expect((await api('GET', 'inventory?limit=0')).statusCode).toBe(400);
    expect((await api('GET', 'inventory?page=abc')).statusCode).toBe(400);
  });

  it('answers the detail with storage groups, comparison groups and items; search and missing on hand filter it', async () => {
    const [newest] = (await api('GET', 'inventory')).json().data as PastInventory[];
    const full = await detail(newest.id);
    expect(full.comparisonViews.map((view) => view.name)).toEqual(['Kitchen', 'Bar']);
    const sum = full.comparisonViews.reduce((total, view) => total + view.totalOnHandAmount, 0);
    expect(sum).toBe(newest.total_on_hand_value);
    const chicken = full.comparisonViews[0].groups.find((group) => group.name === 'Chicken breast')!;
    expect(chicken.items.length).toBeGreaterThan(0);
    expect(chicken.comparisonViewTotalOnHandAmount).toBe(full.comparisonViews[0].totalOnHandAmount);

    const lemons = await detail(newest.id, '?search=lemon');
    expect(lemons.comparisonViews.flatMap((view) => view.groups.map((group) => group.name))).toEqual(['Lemons']);
    const missing = await detail(newest.id, '?missingOnHand=1');
    const missingItems = missing.comparisonViews.flatMap((view) => view.groups.flatMap((group) => group.items));
    expect(missingItems.length).toBeGreaterThan(0);
    for (const item of missingItems) expect(item.onHand + item.onHandPack + item.onHandUom).toBe(0);
    expect((await api('GET', `inventory/${newest.id}?missingOnHand=maybe`)).statusCode).toBe(400);

    const items = await api('GET', `inventory/${newest.id}/items?limit=3`);
    expect(items.statusCode).toBe(200);
    expect(items.json().data).toHaveLength(3);
  });

  it('exports an inventory as xlsx, read back', async () => {
    const [newest] = (await api('GET', 'inventory')).json().data as PastInventory[];
    const response = await api('GET', `inventory/spreadsheet?id=${newest.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(`inventory-${newest.start_date}.xlsx`);
    const rows = await readXlsx(response.rawPayload);
    expect(rows[1]).toEqual([
      'Storage group',
      'Comparison group',
      'Item',
      'Distributor',
      'Pack size',
      'Unit',
      'Price',
      'Cases',
      'Packs',
      'Units',
      'Total on hand (cases)',
      'On hand value',
    ]);
    const full = await detail(newest.id);
    const items = full.comparisonViews.flatMap((view) => view.groups.flatMap((group) => group.items));
    expect(rows).toHaveLength(2 + items.length + 1);
    expect(rows[2].slice(0, 4)).toEqual(['Kitchen', 'Chicken breast', items[0].description, items[0].distributor]);
    expect(rows[2][11]).toBeCloseTo(items[0].totalOnHandAmount / 100, 2);
    expect(rows.at(-1)![0]).toBe('Total');
    expect(rows.at(-1)![11]).toBeCloseTo(newest.total_on_hand_value / 100, 2);
    // Without an id: the newest inventory.
    expect((await api('GET', 'inventory/spreadsheet')).statusCode).toBe(200);
  });

  it('writes names people typed as text, never as formulas', async () => {
    const [newest] = (await api('GET', 'inventory')).json().data as PastInventory[];
    const hostile = '=HYPERLINK("http://evil.example","Chicken")';
    await t.handle.db.execute(
      sql`UPDATE inventory_snapshot_items SET description = ${hostile}, group_name = '@SUM(A1)'
          WHERE inventory_id = ${newest.id} AND location_id = ${L.harborGrill}`,
    );
    const rows = await readXlsx((await api('GET', `inventory/spreadsheet?id=${newest.id}`)).rawPayload);
    const itemRows = rows.slice(2, -1);
    expect(itemRows.length).toBeGreaterThan(0);
    for (const row of itemRows) {
      expect(row[1]).toBe("'@SUM(A1)");
      expect(row[2]).toBe(`'${hostile}`);
    }
  });

  it("answers 'You have no inventory.' where there is none", async () => {
    const response = await api('GET', 'inventory/spreadsheet', owner, undefined, L.harborCatering);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(INVENTORIES_TEXTS.noInventory);
    expect((await api('GET', 'inventory', owner, undefined, L.harborCatering)).json().data).toEqual([]);
  });

  it('shows nothing of it without display_inventory', async () => {
    for (const url of ['inventory', 'inventory/spreadsheet', 'inventory/review']) {
      const response = await api('GET', url, owner, undefined, L.harborGrillExpress);
      expect(response.statusCode, url).toBe(403);
    }
    expect((await api('POST', 'inventory', owner, { start_date: '2026-11-02' }, L.harborGrillExpress)).statusCode).toBe(403);
  });

  it("answers 404 for another location's inventory", async () => {
    const [newest] = (await api('GET', 'inventory')).json().data as PastInventory[];
    for (const url of [`inventory/${newest.id}`, `inventory/${newest.id}/items`, `inventory/spreadsheet?id=${newest.id}`])
      expect((await api('GET', url, owner, undefined, L.harborCatering)).statusCode, url).toBe(404);
    expect((await api('POST', `inventory/${newest.id}/reopen`, owner, undefined, L.harborCatering)).statusCode).toBe(404);
    expect((await api('GET', 'inventory/999999')).statusCode).toBe(404);
  });
});

describe('inventory lifecycle', () => {
  let inventoryId: number;
  let counted: { itemId: number; groupId: number };

  it('refuses a start date that is not a date', async () => {
    for (const start_date of ['2026-02-30', '11/02/2026', '', 7]) {
      const response = await api('POST', 'inventory', owner, { start_date });
      expect(response.statusCode, String(start_date)).toBe(400);
      expect(response.json().message).toContain('YYYY-MM-DD');
    }
    expect((await api('POST', 'inventory/complete')).json().message).toBe('There is no inventory under way to complete.');
    expect((await api('GET', 'inventory/review')).statusCode).toBe(404);
  });

  it('starts an inventory: every on-hand value cleared, a second start refused', async () => {
    expect((await groupsOf(kitchen.id)).some((group) => group.items!.some((item) => item.onHand > 0))).toBe(true);
    const response = await api('POST', 'inventory', owner, { start_date: '2026-11-01' });
    expect(response.statusCode, response.body).toBe(201);
    const started = pastInventorySchema.parse(response.json().data);
    expect(started).toMatchObject({ start_date: '2026-11-01', completed_date: null, status: 'active' });
    inventoryId = started.id;
    expect(await activeInventoryId()).toBe(inventoryId);
    for (const list of [kitchen, bar])
      for (const group of await groupsOf(list.id))
        for (const item of group.items!) expect([item.onHand, item.onHandPack, item.onHandUom]).toEqual([0, 0, 0]);
    const again = await api('POST', 'inventory', owner, { start_date: '2026-11-02' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('already under way');
    const session = await api('GET', 'inventory');
    expect(session.json().data[0]).toMatchObject({ id: inventoryId, status: 'active', total_on_hand_value: 0 });
  });

  it('counts against the active inventory and reviews it grouped by comparison view', async () => {
    const chicken = (await groupsOf(kitchen.id)).find((group) => group.name === 'Chicken breast')!;
    counted = { itemId: chicken.items![0].id, groupId: chicken.id };
    const response = await api('PATCH', `inventory/${inventoryId}/item/${counted.itemId}`, chef, { onHand: 2, onHandPack: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.totalOnHandAmount).toBeGreaterThan(0);
    expect((await api('PATCH', `inventory/${inventoryId}/item/${counted.itemId}`, chef, { onHand: -1 })).statusCode).toBe(400);
    expect((await api('PATCH', `inventory/${inventoryId}/item/${counted.itemId}`, chef, {})).statusCode).toBe(400);
    expect((await api('PATCH', `inventory/${inventoryId}/item/99999999`, chef, { onHand: 1 })).statusCode).toBe(404);
    const [history] = await queryRows<{ count: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS count FROM inventory_count_history WHERE group_item_id = ${counted.itemId}`,
    );
    expect(history.count).toBe(1);

    const review = await api('GET', 'inventory/review');
    expect(review.statusCode, review.body).toBe(200);
    const data = inventoryDetailSchema.parse(review.json().data);
    expect(data.inventory.id).toBe(inventoryId);
    expect(data.comparisonViews.map((view) => view.name)).toEqual(['Kitchen', 'Bar']);
    const item = data.comparisonViews[0].groups.find((group) => group.id === counted.groupId)!.items[0];
    expect(item).toMatchObject({ onHand: 2, onHandPack: 1, inventoryId, itemId: counted.itemId });
    expect(data.inventory.total_on_hand_value).toBe(item.totalOnHandAmount);
  });

  let snapshot: InventoryDetail;

  it('completes: a snapshot is kept, the active inventory cleared, on hand zeroed; completing twice is refused', async () => {
    const response = await api('POST', 'inventory/complete', chef, {});
    expect(response.statusCode, response.body).toBe(200);
    const completed = pastInventorySchema.parse(response.json().data);
    expect(completed).toMatchObject({ id: inventoryId, status: 'completed' });
    expect(completed.completed_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(completed.total_on_hand_value).toBeGreaterThan(0);
    expect(await activeInventoryId()).toBeNull();
    const chicken = (await groupsOf(kitchen.id)).find((group) => group.id === counted.groupId)!;
    expect(chicken.items![0].onHand).toBe(0);

    const twice = await api('POST', 'inventory/complete', chef, { id: inventoryId });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('This inventory is already complete.');
    expect((await api('POST', 'inventory/complete', chef)).statusCode).toBe(400);
    expect((await api('PATCH', `inventory/${inventoryId}/item/${counted.itemId}`, chef, { onHand: 1 })).statusCode).toBe(400);
    snapshot = await detail(inventoryId);
    const item = snapshot.comparisonViews[0].groups.find((group) => group.id === counted.groupId)!.items[0];
    expect(item).toMatchObject({ onHand: 2, onHandPack: 1 });
    expect(snapshot.inventory.total_on_hand_value).toBe(completed.total_on_hand_value);
  });

  it("answers the item's historic on-hand (newest count first, cases ordered until the next) and its price windows", async () => {
    const chicken = (await groupsOf(kitchen.id)).find((group) => group.id === counted.groupId)!;
    const offer = chicken.items![0].itemDistributorId!;
    const base = `comparison-views/${kitchen.id}/groups/${counted.groupId}/item/${offer}`;
    const response = await api('GET', `${base}/historic-inventory`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data as { startDate: string; onHand: number; ordered: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(12);
    expect(rows.map((r) => r.startDate)).toEqual([...rows.map((r) => r.startDate)].sort().reverse());
    // The newest: this inventory, counted 2 cases and 1 pack; everything ordered since its start day.
    const item = snapshot.comparisonViews[0].groups.find((group) => group.id === counted.groupId)!.items[0];
    const [{ ordered }] = await queryRows<{ ordered: string }>(
      t.handle.db,
      sql`SELECT coalesce(sum(oi.quantity), 0)::text AS ordered FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE oi.location_id = ${L.harborGrill} AND oi.item_distributor_id = ${offer} AND o.status <> 'cancelled'
            AND o.created_at >= '2026-11-01'::timestamp AT TIME ZONE 'America/New_York'`,
    );
    expect(rows[0]).toEqual({ startDate: '2026-11-01', onHand: item.totalOnHand, ordered: Number(ordered) });
    expect(item.totalOnHand).toBeGreaterThan(2);
    expect(
      (await api('GET', `comparison-views/${kitchen.id}/groups/${counted.groupId}/item/99999999/historic-inventory`)).statusCode,
    ).toBe(404);

    const prices = await api('GET', `${base}/price-analytics`);
    expect(prices.statusCode, prices.body).toBe(200);
    const analytics = prices.json().data.analytics as { startDate: string; price: number | null }[];
    expect(analytics).toHaveLength(12);
    expect(analytics.map((p) => p.startDate)).toEqual([...analytics.map((p) => p.startDate)].sort());
    // Each window's price is what was paid for this offer in its 31 days over the pounds bought: the
    // demo counts chicken in pounds (issue 32: prices per the group's unit, never per case of any size).
    expect(chicken.units.find((unit) => unit.id === chicken.unitId)?.name).toBe('lb');
    for (const point of analytics) {
      const [{ price }] = await queryRows<{ price: string | null }>(
        t.handle.db,
        sql`SELECT round(sum(oi.quantity * oi.price) / nullif(sum(oi.quantity * d.unit_quantity * d.unit_size), 0), 2)::text AS price
            FROM order_items oi JOIN orders o ON o.id = oi.order_id
            JOIN item_distributors d ON d.id = oi.item_distributor_id AND d.pack_size_uom = 'LB'
            WHERE oi.location_id = ${L.harborGrill} AND oi.item_distributor_id = ${offer} AND o.status <> 'cancelled' AND oi.quantity > 0
              AND (o.created_at AT TIME ZONE 'America/New_York')::date >= ${point.startDate}::date
              AND (o.created_at AT TIME ZONE 'America/New_York')::date < ${point.startDate}::date + 31`,
      );
      expect(point.price, point.startDate).toBe(price === null ? null : Math.round(Number(price) * 100));
    }
    expect(analytics.some((p) => p.price !== null)).toBe(true);
  });

  it('keeps a completed inventory as it was after a price, count and name change', async () => {
    const chicken = (await groupsOf(kitchen.id)).find((group) => group.id === counted.groupId)!;
    const offer = chicken.items![0].itemDistributorId!;
    await t.handle.db.execute(
      sql`UPDATE location_items SET price = price * 3, purchased_price = NULL, invoice_date = NULL
          WHERE location_id = ${L.harborGrill} AND item_distributor_id = ${offer}`,
    );
    await refreshLocationReadModel(t.handle.db, L.harborGrill, { itemDistributorIds: [offer] });
    const repriced = (await groupsOf(kitchen.id)).find((group) => group.id === counted.groupId)!.items![0];
    expect(repriced.price).not.toBe(chicken.items![0].price);
    const recount = await api('PATCH', `comparison-views/${kitchen.id}/groups/${counted.groupId}/item/${offer}`, owner, {
      onHand: 9,
    });
    expect(recount.statusCode, recount.body).toBe(200);
    expect(
      (await api('PATCH', `comparison-views/${kitchen.id}/groups/${counted.groupId}`, owner, { name: 'Chicken renamed' }))
        .statusCode,
    ).toBe(200);
    expect(await detail(inventoryId)).toEqual(snapshot);
    const [row] = (await api('GET', 'inventory')).json().data as PastInventory[];
    expect(row.total_on_hand_value).toBe(snapshot.inventory.total_on_hand_value);
  });

  it("refuses reopening without the owner title, with the spec's text; the owner reopens with the counts back", async () => {
    const refused = await api('POST', `inventory/${inventoryId}/reopen`, chef);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only users with the owner title can reopen inventories.');
    const reopened = await api('POST', `inventory/${inventoryId}/reopen`, owner);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({ id: inventoryId, status: 'active', completed_date: null });
    expect(await activeInventoryId()).toBe(inventoryId);
    const chicken = (await groupsOf(kitchen.id)).find((group) => group.id === counted.groupId)!;
    expect(chicken.items!.find((item) => item.id === counted.itemId)).toMatchObject({ onHand: 2, onHandPack: 1 });
    const again = await api('POST', `inventory/${inventoryId}/reopen`, owner);
    expect(again.statusCode).toBe(400);
    // Another completed inventory cannot be reopened while this one is under way.
    const others = (await api('GET', 'inventory')).json().data as PastInventory[];
    const other = others.find((row) => row.id !== inventoryId)!;
    expect((await api('POST', `inventory/${other.id}/reopen`, owner)).json().message).toContain('Another inventory is under way');
    expect((await api('POST', 'inventory/complete', owner, { id: inventoryId })).statusCode).toBe(200);
  });
});

describe('offline batch sync', () => {
  /** Catalogue items of the Bar list (the view's PATCH keys them by their offer id). */
  async function firstItems(): Promise<{ id: number; genericGroupId: number; offer: number }[]> {
    const groups = await groupsOf(bar.id);
    return groups.flatMap((group) =>
      group
        .items!.filter((item) => item.itemDistributorId !== null)
        .map((item) => ({ id: item.id, genericGroupId: group.id, offer: item.itemDistributorId! })),
    );
  }
  const entry = ({ id, genericGroupId }: { id: number; genericGroupId: number }) => ({ id, genericGroupId });
  const counts = async (id: number) => {
    const [row] = await queryRows<{ onHand: string; updatedAt: Date }>(
      t.handle.db,
      sql`SELECT on_hand::text AS "onHand", updated_at AS "updatedAt" FROM inventory_group_items WHERE id = ${id}`,
    );
    return row;
  };

  it('applies a batch in one transaction; a later count wins, the earlier goes to history; a retry applies nothing', async () => {
    const [a, b] = await firstItems();
    await api('PATCH', `comparison-views/${bar.id}`, owner, { onInventory: true });
    const bStored = await counts(b.id);
    const later = new Date(Date.now() + 60_000).toISOString();
    const earlier = new Date(new Date(bStored.updatedAt).getTime() - 3_600_000).toISOString();
    const body = {
      batchId: 'batch-0001-aaaa',
      comparisonViewId: bar.id,
      batch: [
        { ...entry(a), onHand: 4, onHandPack: 0, onHandUom: 0, countedAt: later },
        { ...entry(b), onHand: 7, onHandPack: 0, onHandUom: 0, countedAt: earlier },
      ],
    };
    const response = await api('PATCH', 'comparison-views/update-item-batch', chef, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ batchId: 'batch-0001-aaaa', applied: 1, kept: 1, replayed: false });
    expect((await counts(a.id)).onHand).toBe('4.00');
    expect((await counts(b.id)).onHand).toBe(bStored.onHand);
    expect((await api('GET', `comparison-views/${bar.id}`)).json().data.onInventory).toBe(false);
    const history = await queryRows<{ groupItemId: number; reason: string; onHand: string }>(
      t.handle.db,
      sql`SELECT group_item_id AS "groupItemId", reason, on_hand::text AS "onHand" FROM inventory_count_history
          WHERE batch_id = 'batch-0001-aaaa' ORDER BY group_item_id`,
    );
    expect(history).toEqual(
      expect.arrayContaining([
        { groupItemId: a.id, reason: 'replaced', onHand: expect.any(String) },
        { groupItemId: b.id, reason: 'superseded', onHand: '7.00' },
      ]),
    );

    // A count made online afterwards, then the device retries the same batch: nothing is applied twice.
    const online = await api('PATCH', `comparison-views/${bar.id}/groups/${a.genericGroupId}/item/${a.offer}`, owner, {
      onHand: 5,
    });
    expect(online.statusCode, online.body).toBe(200);
    const retry = await api('PATCH', 'comparison-views/update-item-batch', chef, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toEqual({ batchId: 'batch-0001-aaaa', applied: 1, kept: 1, replayed: true });
    expect((await counts(a.id)).onHand).toBe('5.00');
  });

  it("writes nothing when one item is another location's or unknown, and answers 400 to bad input", async () => {
    const [a] = await firstItems();
    const before = await counts(a.id);
    const response = await api('PATCH', 'comparison-views/update-item-batch', chef, {
      batchId: 'batch-0002-bbbb',
      batch: [
        { ...entry(a), onHand: 11, onHandPack: 0, onHandUom: 0, countedAt: new Date(Date.now() + 120_000).toISOString() },
        {
          id: 99999999,
          genericGroupId: a.genericGroupId,
          onHand: 1,
          onHandPack: 0,
          onHandUom: 0,
          countedAt: new Date().toISOString(),
        },
      ],
    });
    expect(response.statusCode).toBe(404);
    expect((await counts(a.id)).onHand).toBe(before.onHand);
    const [claimed] = await queryRows<{ count: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS count FROM inventory_sync_batches WHERE batch_id = 'batch-0002-bbbb'`,
    );
    expect(claimed.count).toBe(0);
    for (const bad of [
      {},
      { batchId: 'x', batch: [] },
      { batchId: 'batch-0003-cccc', batch: [{ id: a.id }] },
      { batchId: 'batch-0003-cccc', batch: 'all' },
    ])
      expect((await api('PATCH', 'comparison-views/update-item-batch', chef, bad)).statusCode).toBe(400);
  });
});
