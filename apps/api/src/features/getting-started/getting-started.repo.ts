import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';
import type { GettingStartedDistributor } from '@stockpot/domain';

/**
 * The location's distributors, whether each has an order guide for it and delivery weekdays on
 * its account (the column checkout's delivery dates read), and whether the location ever ordered.
 */
export async function selectGettingStartedFacts(
  db: Database,
  locationId: number,
): Promise<{ distributors: GettingStartedDistributor[]; hasOrders: boolean }> {
  const [distributors, [orders]] = await Promise.all([
    queryRowsPrepared<GettingStartedDistributor>(
      db,
      sql`SELECT d.id, d.nickname,
                 EXISTS (SELECT 1 FROM order_guides og
                         WHERE og.location_id = ld.location_id AND og.distributor_id = ld.distributor_id) AS "hasOrderGuide",
                 coalesce(cardinality(ld.delivery_weekdays), 0) > 0 AS "hasDeliveryDays"
          FROM location_distributors ld
          JOIN distributors d ON d.id = ld.distributor_id
          WHERE ld.location_id = ${locationId}
          ORDER BY lower(d.nickname), d.id`,
    ),
    queryRowsPrepared<{ hasOrders: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM orders WHERE location_id = ${locationId}) AS "hasOrders"`,
    ),
  ]);
  return { distributors, hasOrders: orders?.hasOrders ?? false };
}
