import type { SQL } from 'drizzle-orm';
import type { Database } from '../src/client';

/**
 * Runs raw SQL and returns its rows. Both drivers answer `execute` with an object carrying `rows`
 * (node-postgres QueryResult, PGlite Results); the Drizzle type does not say so.
 * Cast numerics and counts to text or int in the SQL: drivers differ on bigint and numeric.
 */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Splits rows into batches for multi-row INSERTs (PostgreSQL allows at most 65535 parameters). */
export function chunk<T>(rows: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}
