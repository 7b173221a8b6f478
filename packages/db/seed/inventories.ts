/**
 * Demo past inventories (doc 2 §3 "Past inventory"): Harbor Grill completed two counts in the
 * last weeks, each a snapshot of its lists' items with the prices of the day and counts a little
 * apart from today's, so /inventory-view/inventories has something to show and Download exports.
 * No inventory is under way, so the status control reads 'Start Inventory'.
 */
import { sql } from 'drizzle-orm';
import { getOnHandTotals, parseCents, toDecimalString } from '@stockpot/domain';
import type { Database } from '../src/client';
import { insertInventorySnapshot, type InventorySnapshotRow } from '../src/inventory-snapshot';
import { effectivePriceSql } from '../src/read-model/item-sql';
import { addDays } from './dates';
import { DEMO_IDS } from './demo-accounts';
import { queryRows } from './sql-helpers';

/** Days before today each past inventory started and completed, and how its counts differ from today's. */
export const DEMO_PAST_INVENTORIES = [
  { startedDaysAgo: 35, completedDaysAgo: 34, countFactor: 1.5 },
  { startedDaysAgo: 14, completedDaysAgo: 14, countFactor: 1 },
] as const;

/** What the seed reads of each counted item: a snapshot row before its counts and totals. */
type ItemRow = Omit<InventorySnapshotRow, 'groupPurchased' | 'totalOnHand' | 'totalOnHandAmount'>;

export async function seedPastInventories(db: Database, today: string): Promise<void> {
  const locationId = DEMO_IDS.locations.harborGrill;
  const rows = await queryRows<ItemRow>(
    db,
    sql`SELECT gi.id AS "groupItemId", l.id AS "listId", l.name AS "listName", l.sort AS "listSort", g.id AS "groupId",
               g.name AS "groupName", g.sort AS "groupSort", gi.sort_index AS "itemSort",
               coalesce(i.name, gi.description) AS description, coalesce(dist.nickname, gi.distributor_name) AS distributor,
               coalesce(${effectivePriceSql('li', today)}, gi.price, 0)::text AS price,
               coalesce(d.unit_measure, gi.unit_measure, 'CS') AS "unitMeasure",
               coalesce(d.pack_size, gi.custom_pack_size, '') AS "packSize", gi.custom_pack_size AS "customPackSize",
               coalesce(d.pack_size_uom, '') AS "packSizeUom", coalesce(d.unit_quantity, 0)::text AS "unitQuantity",
               coalesce(d.unit_size, 0)::text AS "unitSize", gi.on_hand::text AS "onHand",
               gi.on_hand_pack::text AS "onHandPack", gi.on_hand_uom::text AS "onHandUom"
        FROM inventory_group_items gi
        JOIN inventory_groups g ON g.id = gi.group_id
        JOIN inventory_lists l ON l.id = g.inventory_list_id
        LEFT JOIN item_distributors d ON d.id = gi.item_distributor_id
        LEFT JOIN items i ON i.id = d.item_id
        LEFT JOIN distributors dist ON dist.id = d.distributor_id
        LEFT JOIN location_items li ON li.location_id = gi.location_id AND li.item_distributor_id = gi.item_distributor_id
        WHERE gi.location_id = ${locationId}
        ORDER BY l.sort, g.sort, gi.sort_index, gi.id`,
  );
  for (const past of DEMO_PAST_INVENTORIES) {
    const snapshot = rows.map((row) => {
      const counts = {
        onHand: Math.round(Number(row.onHand) * past.countFactor * 100) / 100,
        onHandPack: Math.round(Number(row.onHandPack) * past.countFactor * 100) / 100,
        onHandUom: Math.round(Number(row.onHandUom) * past.countFactor * 100) / 100,
      };
      const totals = getOnHandTotals(
        { packSize: row.customPackSize ?? row.packSize, unitMeasure: row.unitMeasure, price: parseCents(row.price) },
        counts,
      );
      return { row, counts, totals };
    });
    const total = snapshot.reduce((sum, s) => sum + s.totals.totalOnHandAmount, 0);
    const [inventory] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO inventories (location_id, status, start_date, completed_date, total_on_hand_value, started_by, completed_by)
          VALUES (${locationId}, 'completed', ${addDays(today, -past.startedDaysAgo)}::date,
                  ${addDays(today, -past.completedDaysAgo)}::date, ${toDecimalString(total, 2)}::numeric,
                  ${DEMO_IDS.users.owner}, ${DEMO_IDS.users.owner})
          RETURNING id`,
    );
    await insertInventorySnapshot(
      db,
      locationId,
      inventory.id,
      snapshot.map(({ row, counts, totals }) => ({
        ...row,
        groupPurchased: '0',
        onHand: String(counts.onHand),
        onHandPack: String(counts.onHandPack),
        onHandUom: String(counts.onHandUom),
        totalOnHand: String(totals.totalOnHand),
        totalOnHandAmount: toDecimalString(totals.totalOnHandAmount, 2),
      })),
    );
  }
}
