/**
 * A page read in one statement: the page's rows carry what the page needs besides them (its total,
 * a switch, the location's time zone) as uncorrelated subqueries, which PostgreSQL runs once. Only a
 * page past the end, which has no row to carry them, reads them on their own.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';

export async function readPageWithHeader<Row, Head>(
  db: Database,
  /** The select list of the header, e.g. sql`(SELECT count(*) …) AS total`. */
  header: SQL,
  /** The page's statement, given the header to add to its select list. */
  page: (header: SQL) => SQL,
): Promise<{ rows: (Row & Head)[]; head: Head | undefined }> {
  const rows = await queryRowsPrepared<Row & Head>(db, page(header));
  if (rows.length > 0) return { rows, head: rows[0] };
  const [head] = await queryRowsPrepared<Head>(db, sql`SELECT ${header}`);
  return { rows, head };
}
