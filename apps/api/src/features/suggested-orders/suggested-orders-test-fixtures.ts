/**
 * Test set-up shared by the suggested-order API tests (issue 37): a fresh location the demo owner
 * is a member of and has switched to, its GET, groups of one 20 lb case offer each, and completed
 * counts written as completing an inventory writes its snapshot; a Burger recipe and its POS sales.
 */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_IDS } from '@stockpot/db/seed';
import { insertInventorySnapshot, queryRows, type InventorySnapshotRow } from '@stockpot/db';
import { buildInventoryGroup, buildInventoryList, buildLocation, buildOffer } from '@stockpot/db/factories';
import { getLocationToday, type SuggestedOrdersResponse } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

/** The units table's pound. */
export const LB = 24;

export interface SuggestionLocation {
  t: TestApp;
  token: string;
  locationId: number;
  today: string;
  /** GET suggested-orders, expected to answer 200. */
  get: () => Promise<SuggestedOrdersResponse>;
  /** A 20 lb case (4/5 LB) offered by `distributorId`, in a new group counted in lb with the given par. */
  buildGroup: (
    distributorId: number,
    par: number,
    name: string,
  ) => Promise<{ offer: Awaited<ReturnType<typeof buildOffer>>; group: Awaited<ReturnType<typeof buildInventoryGroup>> }>;
  /** A completed inventory on `date` that counted `cases` of the group's one item; its id. */
  completeCount: (date: string, groupId: number, cases: number) => Promise<number>;
}

/** A new location of the demo owner, made the owner's active location (`displayRecipeCosting` for the POS basis). */
export async function openSuggestionLocation({ displayRecipeCosting = false } = {}): Promise<SuggestionLocation> {
  const t = await createTestApp();
  const token = await signInAs(t.app, 'owner@demo.test');
  const location = await buildLocation(t.handle.db, { memberUserIds: [DEMO_IDS.users.owner], displayRecipeCosting });
  const locationId = location.id;
  const switched = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${DEMO_IDS.users.owner}`,
    headers: bearer(token),
    payload: { id: DEMO_IDS.users.owner, active_location_id: locationId },
  });
  expect(switched.statusCode).toBe(200);

  const get = async (): Promise<SuggestedOrdersResponse> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/suggested-orders', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  const buildGroup: SuggestionLocation['buildGroup'] = async (distributorId, par, name) => {
    const offer = await buildOffer(t.handle.db, {
      locationId,
      distributorId,
      item: { name },
      offer: { packSize: '4/5 LB', unitQuantity: 4, unitSize: '5', packSizeUom: 'LB', price: '40.00' },
    });
    const list = await buildInventoryList(t.handle.db, { locationId });
    const group = await buildInventoryGroup(t.handle.db, {
      locationId,
      listId: list.id,
      itemDistributorIds: [offer.id],
      group: { name, parLevel: String(par), unitId: LB },
    });
    return { offer, group };
  };

  const completeCount: SuggestionLocation['completeCount'] = async (date, groupId, cases) => {
    const [inventory] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`INSERT INTO inventories (location_id, status, start_date, completed_date)
          VALUES (${locationId}, 'completed', ${date}, ${date}) RETURNING id`,
    );
    const [item] = await queryRows<{ id: number }>(
      t.handle.db,
      sql`SELECT id FROM inventory_group_items WHERE group_id = ${groupId}`,
    );
    const row: InventorySnapshotRow = {
      groupItemId: item.id,
      listId: 0,
      listName: 'List',
      listSort: 0,
      groupId,
      groupName: 'Group',
      groupSort: 0,
      groupPurchased: '0',
      itemSort: 0,
      description: 'Item',
      distributor: 'D',
      price: '40.00',
      unitMeasure: 'CS',
      packSize: '4/5 LB',
      customPackSize: null,
      packSizeUom: 'LB',
      unitQuantity: '4',
      unitSize: '5',
      onHand: String(cases),
      onHandPack: '0',
      onHandUom: '0',
      totalOnHand: String(cases),
      totalOnHandAmount: '0',
    };
    await insertInventorySnapshot(t.handle.db, locationId, inventory.id, [row]);
    return inventory.id;
  };

  return { t, token, locationId, today: getLocationToday(new Date(), location.timezone), get, buildGroup, completeCount };
}

/** A Burger recipe of 6 oz of the group (10 % waste) that the POS item BURGER sells; its id. */
export async function addBurgerRecipe(f: SuggestionLocation, groupId: number): Promise<number> {
  const db = f.t.handle.db;
  const [category] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO recipe_menu_categories (location_id, name) VALUES (${f.locationId}, 'Mains') RETURNING id`,
  );
  const [recipe] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO recipes (location_id, menu_category_id, name) VALUES (${f.locationId}, ${category.id}, 'Burger') RETURNING id`,
  );
  await db.execute(sql`INSERT INTO recipe_ingredients (location_id, recipe_id, ingredient_type, inventory_group_id, recipe_amount,
      recipe_amount_fraction, recipe_pack_size_uom, waste_percentage)
    VALUES (${f.locationId}, ${recipe.id}, 'generic', ${groupId}, '6', '6', 'oz', '10')`);
  await db.execute(
    sql`INSERT INTO pos_item_recipes (location_id, item_name, recipe_id) VALUES (${f.locationId}, 'BURGER', ${recipe.id})`,
  );
  return recipe.id;
}

/** A Square item-sales export: `sold` Burgers on each date. */
export function squareCsv(rows: { date: string; sold: number }[]): Buffer {
  const header =
    'Date,Time,Time Zone,Category,Item,Qty,Price Point Name,SKU,Modifiers Applied,Gross Sales,Discounts,Net Sales,Tax,' +
    'Transaction ID,Payment ID,Device Name,Notes,Details,Event Type,Location,Dining Option,Customer ID,Customer Name,' +
    'Customer Reference ID,Unit,Count,Itemization Type';
  const lines = rows.map(
    ({ date, sold }, i) =>
      `${date},12:00:00,Eastern Time (US & Canada),Mains,Burger,${sold},Regular,,,$${sold * 10}.00,$0.00,$${sold * 10}.00,` +
      `$0.00,T${i},P${i},Front Counter,,,Payment,Test,For Here,,,,,${sold},Physical Item`,
  );
  return Buffer.from([header, ...lines].join('\n'));
}

/** POST pos/import of a file as the location's owner. */
export function importPos(f: SuggestionLocation, data: Buffer) {
  const boundary = `----stockpot${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="items-detail.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return f.t.app.inject({
    method: 'POST',
    url: '/api/v1/pos/import',
    headers: { ...bearer(f.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}
