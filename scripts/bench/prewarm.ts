/**
 * Reads a scenario's relations (tables and their indexes) into the operating system's file cache
 * before it is measured (PostgreSQL only, pg_prewarm's `read` mode: shared buffers are left as they
 * are). A live server's search tables are read all the time and stay cached; in the bench they sit
 * untouched for minutes while other scenarios run, and a machine whose kernel pages out file cache
 * not touched for a minute (DAMON `pageout`, docs/performance.md stop 65) then reads them from the
 * disk during the measured window. Null when pg_prewarm is not installed on the server.
 */
import type { Query } from './api-scenarios';

export async function prewarmRelations(query: Query, tables: string[]): Promise<{ megabytes: number; seconds: number } | null> {
  const [available] = await query<{ found: boolean }>(
    `SELECT count(*) > 0 AS found FROM pg_available_extensions WHERE name = 'pg_prewarm'`,
  );
  if (!available.found) return null;
  await query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
  const started = performance.now();
  const [read] = await query<{ bytes: string }>(
    `SELECT (coalesce(sum(pg_prewarm(r.oid, 'read')), 0) * current_setting('block_size')::bigint)::text AS bytes
       FROM pg_class r
      WHERE r.oid IN (SELECT t.oid FROM pg_class t WHERE t.relname = ANY($1::text[]) AND t.relkind = 'r'
                      UNION SELECT i.indexrelid FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
                       WHERE t.relname = ANY($1::text[]))`,
    [tables],
  );
  return {
    megabytes: Math.round(Number(read.bytes) / 1024 / 1024),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
