import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../client';
import {
  buildCart,
  buildInventoryGroup,
  buildInventoryList,
  buildLocation,
  buildOffer,
  buildOrder,
  buildShoppingList,
  OFFER_KINDS,
} from './index';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase();
  await handle.migrate();
  // Migrating a fresh PGlite takes a while on a busy machine.
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe('test data factories', () => {
  test('build a location with an offer of each kind, a cart, a list and an order, with no demo data', async () => {
    const db = handle.db;
    const location = await buildLocation(db, { displayShoppingCart: false });
    expect(location.displayShoppingCart).toBe(false);
    const plain = await buildOffer(db, { locationId: location.id, offer: { price: '8.00', unitPrice: '1.3333' } });
    const callIn = await buildOffer(db, { locationId: location.id, distributorId: plain.distributorId, ...OFFER_KINDS.callIn });
    const punched = await buildOffer(db, { locationId: location.id, ...OFFER_KINDS.punchedOut });
    expect(plain.price).toBe('8.00');
    expect(callIn.distributorId).toBe(plain.distributorId);
    expect(punched.distributorId).not.toBe(plain.distributorId);

    const [row] = await queryRows<{ search_text: string; is_punched_out: boolean; linked: number }>(
      db,
      sql`SELECT d.search_text, li.is_punched_out,
                 (SELECT count(*)::int FROM location_distributors WHERE location_id = ${location.id}) AS linked
          FROM item_distributors d JOIN location_items li ON li.item_distributor_id = d.id
          WHERE d.id = ${punched.id}`,
    );
    expect(row).toEqual({ search_text: expect.stringContaining(punched.din.toLowerCase()), is_punched_out: true, linked: 2 });

    const { lineIds } = await buildCart(db, { locationId: location.id, lines: [{ itemDistributorId: plain.id, quantity: 3 }] });
    expect(lineIds).toHaveLength(1);
    const list = await buildShoppingList(db, { locationId: location.id, itemDistributorIds: [callIn.id, plain.id] });
    const listRows = await queryRows<{ item_distributor_id: number; sort_index: number }>(
      db,
      sql`SELECT item_distributor_id, sort_index FROM shopping_list_items WHERE shopping_list_id = ${list.id} ORDER BY sort_index`,
    );
    expect(listRows).toEqual([
      { item_distributor_id: callIn.id, sort_index: 1024 },
      { item_distributor_id: plain.id, sort_index: 2048 },
    ]);
    const order = await buildOrder(db, {
      locationId: location.id,
      distributorId: plain.distributorId,
      lines: [{ offer: plain, quantity: 2 }],
    });
    const [line] = await queryRows<{ quantity: number; price: string }>(
      db,
      sql`SELECT quantity, price::text FROM order_items WHERE order_id = ${order.id}`,
    );
    expect(line).toEqual({ quantity: 2, price: '8.00' });
  });

  test('build an offer the location does not carry, and an inventory list with a group of offers', async () => {
    const db = handle.db;
    const location = await buildLocation(db);
    const carried = await buildOffer(db, { locationId: location.id });
    const sold = await buildOffer(db, { locationId: location.id, distributorId: carried.distributorId, location: null });
    expect(sold.price).toBe('12.50');
    const list = await buildInventoryList(db, { locationId: location.id, name: 'Walk-in' });
    const group = await buildInventoryGroup(db, {
      locationId: location.id,
      listId: list.id,
      itemDistributorIds: [sold.id, carried.id],
      group: { name: 'Tomatoes' },
    });
    const rows = await queryRows<{ id: number; carried: boolean; list: string; groupName: string }>(
      db,
      sql`SELECT gi.item_distributor_id AS id, li.location_id IS NOT NULL AS carried, l.name AS list, g.name AS "groupName"
          FROM inventory_group_items gi JOIN inventory_groups g ON g.id = gi.group_id
          JOIN inventory_lists l ON l.id = g.inventory_list_id
          LEFT JOIN location_items li ON li.location_id = gi.location_id AND li.item_distributor_id = gi.item_distributor_id
          WHERE gi.location_id = ${location.id} AND gi.group_id = ${group.id} ORDER BY gi.sort_index`,
    );
    expect(rows).toEqual([
      { id: sold.id, carried: false, list: 'Walk-in', groupName: 'Tomatoes' },
      { id: carried.id, carried: true, list: 'Walk-in', groupName: 'Tomatoes' },
    ]);
  });
});
