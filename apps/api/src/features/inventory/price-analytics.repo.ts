import { sql } from 'drizzle-orm';
import { lineCasesKeptSql, queryRowsPrepared, type Database } from '@stockpot/db';
import { PRICE_ANALYTICS_TICK_DAYS } from '@stockpot/domain';
import { intArray } from '../../platform/sql';

/** One order line of a group's linked items, in the window it falls in. */
export interface GroupPriceLineRow {
  groupId: number;
  /** The group's unit (doc 2 §3 unitId): the unit its average price paid is per. */
  unitId: number;
  startDate: string;
  /** Cases kept: received once receiving recorded them, else ordered. */
  quantity: number;
  /** Dollars per `unitMeasure`. */
  price: string;
  packSize: string;
  unitMeasure: string;
  isCatchWeight: boolean;
  averageWeight: string | null;
  receivedWeight: string | null;
  isMarketPrice: boolean;
  /** Priced at receiving (with isMarketPrice: isOrderLinePriceUnknown). */
  isEdited: boolean;
}

/**
 * The order lines of each group's linked items (or of one of them), per window starting at one of
 * `starts` (the location's calendar, its time zone); the average price paid is computed from them
 * by the domain (getAveragePricePaid), in the group's unit. Cancelled orders and lines with no case
 * kept are left out.
 */
export async function selectGroupPriceLines(
  db: Database,
  locationId: number,
  timezone: string,
  groupIds: readonly number[],
  starts: readonly string[],
  /** Only this group item (an item's own chart). */
  groupItemId?: number,
): Promise<GroupPriceLineRow[]> {
  if (groupIds.length === 0 || starts.length === 0) return [];
  return queryRowsPrepared<GroupPriceLineRow>(
    db,
    sql`WITH w AS (SELECT s.start_date FROM unnest(${`{${starts.join(',')}}`}::date[]) AS s(start_date)),
        lines AS (
          SELECT gi.group_id, g.unit_id, ${lineCasesKeptSql('oi')} AS quantity, oi.price, oi.pack_size,
                 oi.unit_measure, oi.is_catch_weight, oi.average_weight, oi.received_weight,
                 oi.is_market_price, oi.is_edited,
                 (o.created_at AT TIME ZONE ${timezone})::date AS day
          FROM inventory_group_items gi
          JOIN inventory_groups g ON g.id = gi.group_id AND g.location_id = gi.location_id
          JOIN order_items oi ON oi.location_id = gi.location_id AND oi.item_distributor_id = gi.item_distributor_id
          JOIN orders o ON o.id = oi.order_id AND o.location_id = oi.location_id
          WHERE gi.location_id = ${locationId} AND gi.group_id = ANY(${intArray(groupIds)}) AND gi.kind = 'item'
            AND (${groupItemId ?? null}::int IS NULL OR gi.id = ${groupItemId ?? null}::int)
            AND o.status <> 'cancelled' AND ${lineCasesKeptSql('oi')} > 0
            AND o.created_at >= (${starts[0]}::date - 1)::timestamp AT TIME ZONE ${timezone})
        SELECT l.group_id AS "groupId", l.unit_id AS "unitId", w.start_date::text AS "startDate", l.quantity,
               l.price::text AS price, l.pack_size AS "packSize", l.unit_measure AS "unitMeasure",
               l.is_catch_weight AS "isCatchWeight", l.average_weight::text AS "averageWeight",
               l.received_weight::text AS "receivedWeight", l.is_market_price AS "isMarketPrice",
               l.is_edited AS "isEdited"
        FROM lines l JOIN w ON l.day >= w.start_date AND l.day < w.start_date + ${PRICE_ANALYTICS_TICK_DAYS}::int`,
  );
}
