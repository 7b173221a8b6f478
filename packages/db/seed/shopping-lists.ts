/**
 * Demo shopping lists (doc 1 §2 "Shopping lists"): the same three lists at every location, filled
 * with the location's most purchased orderable items of the matching categories, in that order.
 * Deterministic: ties are broken by item-distributor id, and lists are inserted in a fixed order
 * (Harbor Grill's lists get ids 1–3, Harbor Grill Express's 4–6, Harbor Catering's 7–9).
 */
import { sql } from 'drizzle-orm';
import { SORT_INDEX_STEP } from '@stockpot/domain';
import type { Database } from '../src/client';
import { DEMO_IDS } from './demo-accounts';
import { queryRows } from './sql-helpers';

export const DEMO_SHOPPING_LISTS = [
  { name: 'Weekly produce', categories: ['Produce'], size: 10 },
  { name: 'Bar', categories: ['Beverages'], size: 6 },
  { name: 'Dry goods', categories: ['Dry Goods'], size: 8 },
] as const;

export async function seedShoppingLists(db: Database, createdAt: Date): Promise<void> {
  const L = DEMO_IDS.locations;
  const at = createdAt.toISOString();
  for (const locationId of [L.harborGrill, L.harborGrillExpress, L.harborCatering]) {
    for (const list of DEMO_SHOPPING_LISTS) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO shopping_lists (location_id, name, created_by, created_at, updated_at)
            VALUES (${locationId}, ${list.name}, ${DEMO_IDS.users.owner}, ${at}::timestamptz, ${at}::timestamptz) RETURNING id`,
      );
      const categories = sql`${`{${list.categories.map((c) => `"${c}"`).join(',')}}`}::text[]`;
      await db.execute(sql`
        INSERT INTO shopping_list_items (shopping_list_id, location_id, item_distributor_id, sort_index, created_at)
        SELECT ${row.id}, ${locationId}, picked.id, picked.position * ${SORT_INDEX_STEP}, ${at}::timestamptz
        FROM (SELECT d.id, row_number() OVER (ORDER BY li.purchased_quantity DESC, d.id) AS position
              FROM location_items li
              JOIN item_distributors d ON d.id = li.item_distributor_id
              JOIN items i ON i.id = d.item_id
              WHERE li.location_id = ${locationId} AND i.category = ANY(${categories})
                AND NOT li.is_punched_out AND d.status = 'active' AND NOT d.is_unpurchasable
              ORDER BY li.purchased_quantity DESC, d.id
              LIMIT ${list.size}) picked`);
    }
  }
}
