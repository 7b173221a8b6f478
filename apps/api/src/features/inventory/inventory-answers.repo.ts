/**
 * SQL of the inventory view's stored page answers (migration 0028): the JSON text of a page as the
 * view built it, valid while its location carries no mark and its calendar date is the answer's.
 * Every statement names the location.
 */
import { sql } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, readModelStaleSql, type Database } from '@stockpot/db';

/** Advisory-lock namespace of the page recompute (issue 15); the location id is the second key. */
const LOCK_NAMESPACE = 741315;

export interface AnswerKey {
  locationId: number;
  listId: number;
  queryKey: string;
}

/** A valid stored page: its generation, and its text unless the caller holds that generation. */
export interface FoundAnswer {
  generation: number;
  body: string | null;
}

/**
 * The stored page, if it is still the page: no mark on the location (no write since it was built)
 * and built on the location's date of now. The text is read (and sent) only when its generation
 * is not `knownGeneration`, the one the caller holds in memory. With `memberUserId`, only for a
 * member of the location (requireActiveLocation's check, in the same statement). One named
 * statement of index probes.
 */
export async function findValidAnswer(
  db: Database,
  key: AnswerKey,
  knownGeneration = 0,
  memberUserId?: number,
): Promise<FoundAnswer | undefined> {
  const [row] = await queryRowsPrepared<{ generation: string; body: string | null }>(
    db,
    sql`SELECT a.generation::text AS generation, CASE WHEN a.generation = ${knownGeneration}::bigint THEN NULL ELSE a.body END AS body
        FROM inventory_view_answers a JOIN locations l ON l.id = a.location_id
        WHERE a.location_id = ${key.locationId} AND a.list_id = ${key.listId} AND a.query_key = ${key.queryKey}
          AND a.priced_on = (now() AT TIME ZONE l.timezone)::date
          AND NOT EXISTS (SELECT 1 FROM inventory_view_dirty d WHERE d.location_id = ${key.locationId})
          ${memberUserId === undefined ? sql`` : sql`AND EXISTS (SELECT 1 FROM user_locations m WHERE m.user_id = ${memberUserId} AND m.location_id = ${key.locationId})`}`,
  );
  return row && { generation: Number(row.generation), body: row.body };
}

/** Serialises the location's recomputes until the transaction ends. */
export async function lockLocation(tx: Database, locationId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${locationId})`);
}

/**
 * Takes the location's marks (the committed ones, and this transaction's own). When there were
 * some, every stored page of the location predates a write and goes. A write that commits later
 * leaves its mark, so a page built after this statement is never served across it.
 */
export async function takeMarks(tx: Database, locationId: number): Promise<void> {
  const taken = await queryRows<{ one: number }>(
    tx,
    sql`DELETE FROM inventory_view_dirty WHERE location_id = ${locationId} RETURNING 1 AS one`,
  );
  if (taken.length > 0) await tx.execute(sql`DELETE FROM inventory_view_answers WHERE location_id = ${locationId}`);
}

/** Whether the location's list read model waits for a refresh (a write since, or another day). */
export async function isReadModelStale(tx: Database, locationId: number, today: string): Promise<boolean> {
  const [row] = await queryRows<{ stale: boolean }>(
    tx,
    sql`SELECT ${readModelStaleSql(locationId, sql`${today}::date`)} AS stale`,
  );
  return row.stale;
}

/** Stores the page text; answers its new generation. */
export async function storeAnswer(tx: Database, key: AnswerKey, pricedOn: string, body: string): Promise<number> {
  const [row] = await queryRows<{ generation: string }>(
    tx,
    sql`INSERT INTO inventory_view_answers (location_id, list_id, query_key, priced_on, body)
        VALUES (${key.locationId}, ${key.listId}, ${key.queryKey}, ${pricedOn}::date, ${body})
        ON CONFLICT (location_id, list_id, query_key) DO UPDATE
          SET priced_on = EXCLUDED.priced_on, body = EXCLUDED.body, generation = nextval('inventory_view_answer_generations')
        RETURNING generation::text AS generation`,
  );
  return Number(row.generation);
}

/** The locations carrying marks (the sweep's list; the one statement not scoped to a location). */
export async function selectMarkedLocations(db: Database): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT DISTINCT location_id AS id FROM inventory_view_dirty ORDER BY 1`);
  return rows.map((row) => row.id);
}
