import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';

export interface OrderingDistributorRow {
  id: number;
  nickname: string;
  minOrderAmount: string;
  skipMinOrder: boolean;
  isMinOrderAmountRequired: boolean;
  isDelivery: number;
  acceptCC: number;
  /** Comma-separated YYYY-MM-DD. */
  deliveryDates: string;
}

/** Days ahead, today included, whose delivery days are offered. */
export const DELIVERY_DATE_WINDOW_DAYS = 14;

/**
 * The location's distributors with their ordering terms, and the dates in the next two weeks (from
 * today in the location's time zone, or the one given) that fall on their delivery weekdays.
 */
export async function selectOrderingDistributors(
  db: Database,
  locationId: number,
  options: { distributorId?: number; timezone?: string } = {},
): Promise<OrderingDistributorRow[]> {
  return queryRows<OrderingDistributorRow>(
    db,
    sql`SELECT d.id, d.nickname, ld.min_order_amount::text AS "minOrderAmount", ld.skip_min_order AS "skipMinOrder",
               ld.is_min_order_amount_required AS "isMinOrderAmountRequired", ld.is_delivery::int AS "isDelivery",
               ld.accept_cc::int AS "acceptCC",
               coalesce((SELECT string_agg(to_char(g.day, 'YYYY-MM-DD'), ',' ORDER BY g.day)
                         FROM generate_series(t.today, t.today + ${DELIVERY_DATE_WINDOW_DAYS - 1}::int, interval '1 day') AS g(day)
                         WHERE extract(isodow FROM g.day)::smallint = ANY(ld.delivery_weekdays)), '') AS "deliveryDates"
        FROM location_distributors ld
        JOIN distributors d ON d.id = ld.distributor_id
        JOIN locations l ON l.id = ld.location_id
        CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE ${options.timezone ?? sql`l.timezone`})::date AS today) t
        WHERE ld.location_id = ${locationId}${options.distributorId === undefined ? sql`` : sql` AND d.id = ${options.distributorId}`}
        ORDER BY lower(d.nickname), d.id`,
  );
}
