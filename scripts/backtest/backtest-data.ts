/**
 * What the suggestion backtest reads of one location: its groups as the suggested order builds them
 * (the API's own helpers), every completed count and every receipt in each group's unit, and the
 * days it placed orders with the delivery each asked for. Read once; the replay filters by date.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import type { PosGroup } from '@stockpot/domain';
import { getLocationContext, selectItemRows } from '../../apps/api/src/features/catalog/catalog.public';
import {
  addCounts,
  addDeliveries,
  buildGroups,
  type SuggestedGroup,
} from '../../apps/api/src/features/suggested-orders/suggested-groups';
import {
  selectGroupItems,
  selectReceived,
  type SnapshotRow,
} from '../../apps/api/src/features/suggested-orders/suggested-orders.repo';
import { intArray } from '../../apps/api/src/platform/sql';

export interface OrderDay {
  /** The local day the order was placed. */
  date: string;
  /** The delivery it asked for. */
  delivery: string;
}

export interface BacktestData {
  groups: SuggestedGroup[];
  posGroups: PosGroup[];
  groupOfItem: Map<number, number>;
  orderDays: OrderDay[];
}

export async function loadBacktestData(db: Database, locationId: number): Promise<BacktestData> {
  const ctx = await getLocationContext(db, locationId);
  const groupRows = await selectGroupItems(db, locationId);
  const ids = [...new Set(groupRows.flatMap((r) => (r.itemDistributorId === null ? [] : [r.itemDistributorId])))];
  const itemRows = await selectItemRows(
    db,
    ctx,
    sql`SELECT u.id AS item_distributor_id, u.ord FROM unnest(${intArray(ids)}) WITH ORDINALITY AS u(id, ord)`,
  );
  const groups = buildGroups(groupRows, itemRows);
  // Every completed count, not the last eight: the replay picks those known on each day.
  const counts = await queryRows<SnapshotRow>(
    db,
    sql`SELECT s.group_id AS "groupId", to_char(i.completed_date, 'YYYY-MM-DD') AS date,
               coalesce(s.custom_pack_size, s.pack_size) AS "packSize", s.total_on_hand::text AS "totalOnHand"
        FROM inventories i JOIN inventory_snapshot_items s ON s.location_id = i.location_id AND s.inventory_id = i.id
        WHERE i.location_id = ${locationId} AND i.status = 'completed'`,
  );
  addCounts(groups, counts);
  addDeliveries(groups, groupRows, itemRows, await selectReceived(db, locationId, ids, '1900-01-01', 'scan'), []);
  const orderDays = await queryRows<OrderDay>(
    db,
    sql`SELECT to_char((created_at AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS date,
               to_char(min(requested_delivery_date), 'YYYY-MM-DD') AS delivery
        FROM orders WHERE location_id = ${locationId} AND requested_delivery_date IS NOT NULL AND status <> 'draft'
        GROUP BY 1 ORDER BY 1`,
  );
  const groupOfItem = new Map<number, number>();
  for (const row of groupRows) {
    if (row.itemDistributorId !== null && !groupOfItem.has(row.itemDistributorId))
      groupOfItem.set(row.itemDistributorId, row.groupId);
  }
  const posGroups = groups.map((g) => ({
    id: g.id,
    unitId: g.unitId,
    unit: g.unit,
    packSize: g.chosen?.packSize ?? g.items[0]?.packSize ?? null,
  }));
  return { groups, posGroups, groupOfItem, orderDays };
}
