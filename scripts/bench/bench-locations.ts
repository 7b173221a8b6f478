/**
 * The bench's locations read from the database before the run: each signed-in manager's location
 * with its accounts, item count and the areas it has data for (what the scenarios' requests are built from).
 */
import type { BenchLocation, Query } from './api-scenarios';

/** Reads what the requests need about each location. */
export async function loadBenchLocations(query: Query, locationIds: number[]): Promise<Map<number, BenchLocation>> {
  const locations = new Map<number, BenchLocation>();
  const rows = await query<{ id: number; timezone: string; item_count: number }>(
    `SELECT l.id, l.timezone, (SELECT count(*)::int FROM location_items li WHERE li.location_id = l.id) AS item_count
       FROM locations l WHERE l.id = ANY($1::int[])`,
    [locationIds],
  );
  for (const row of rows) {
    locations.set(row.id, {
      id: row.id,
      timezone: row.timezone,
      itemCount: row.item_count,
      orderable: [],
      dins: [],
      accounts: [],
      areas: {
        inventory: false,
        recipeCosting: false,
        accounting: false,
        inventoryListId: null,
        menuCategoryId: null,
        latestGuideId: null,
      },
    });
  }
  const areas = await query<{
    id: number;
    inventory: boolean;
    recipe_costing: boolean;
    accounting: boolean;
    list_id: number | null;
    menu_id: number | null;
    guide_id: number | null;
  }>(
    `SELECT l.id, l.display_inventory AS inventory, l.display_recipe_costing AS recipe_costing, l.display_accounting AS accounting,
            (SELECT il.id FROM inventory_lists il WHERE il.location_id = l.id ORDER BY il.sort, il.id LIMIT 1) AS list_id,
            (SELECT r.menu_category_id FROM recipes r WHERE r.location_id = l.id AND NOT r.is_sub_recipe
              GROUP BY r.menu_category_id ORDER BY count(*) DESC, r.menu_category_id LIMIT 1) AS menu_id,
            (SELECT og.id FROM order_guides og WHERE og.location_id = l.id
                AND EXISTS (SELECT 1 FROM order_guides p WHERE p.location_id = og.location_id
                              AND p.distributor_id = og.distributor_id AND (p.created_at, p.id) < (og.created_at, og.id))
              ORDER BY og.created_at DESC, og.id DESC LIMIT 1) AS guide_id
       FROM locations l WHERE l.id = ANY($1::int[])`,
    [locationIds],
  );
  for (const row of areas) {
    const location = locations.get(row.id);
    if (!location) continue;
    location.areas = {
      inventory: row.inventory,
      recipeCosting: row.recipe_costing,
      accounting: row.accounting,
      inventoryListId: row.list_id,
      menuCategoryId: row.menu_id,
      latestGuideId: row.guide_id,
    };
  }
  const items = await query<{ location_id: number; item_distributor_id: number; distributor_id: number; din: string }>(
    `SELECT location_id, item_distributor_id, distributor_id, din FROM (
       SELECT li.location_id, li.item_distributor_id, li.distributor_id, d.din,
              row_number() OVER (PARTITION BY li.location_id ORDER BY hashint4(li.item_distributor_id)) AS n
         FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ANY($1::int[]) AND NOT li.is_punched_out AND d.status = 'active' AND NOT d.is_unpurchasable) x
      WHERE n <= 400 ORDER BY location_id, n`,
    [locationIds],
  );
  for (const item of items) {
    const location = locations.get(item.location_id)!;
    location.orderable.push({ itemDistributorId: item.item_distributor_id, distributorId: item.distributor_id });
    if (location.dins.length < 3) location.dins.push(item.din);
  }
  const accounts = await query<{
    location_id: number;
    distributor_id: number;
    weekdays: string;
    is_delivery: number;
    required: boolean;
  }>(
    `SELECT location_id, distributor_id, array_to_string(delivery_weekdays, ',') AS weekdays, is_delivery,
            (is_min_order_amount_required OR skip_min_order) AND min_order_amount > 0 AS required
       FROM location_distributors WHERE location_id = ANY($1::int[]) ORDER BY location_id, distributor_id`,
    [locationIds],
  );
  for (const account of accounts) {
    locations.get(account.location_id)?.accounts.push({
      distributorId: account.distributor_id,
      deliveryWeekdays: account.weekdays ? account.weekdays.split(',').map(Number) : [],
      isDelivery: Number(account.is_delivery),
      hasRequiredMinimum: account.required,
    });
  }
  return locations;
}
