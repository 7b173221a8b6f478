import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';

/** The distributors the location buys from: the only ones a special request may go to. */
export async function selectLocationDistributorIds(db: Database, locationId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT distributor_id AS id FROM location_distributors WHERE location_id = ${locationId} ORDER BY distributor_id`,
  );
  return rows.map((row) => row.id);
}
