/**
 * Test set-up shared by the suggested-order API tests (issue 37): a fresh location the demo owner
 * is a member of and has switched to, its GET, groups of one 20 lb case offer each, and completed
 * counts written as completing an inventory writes its snapshot.
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
