/**
 * SQL of the kept reads (migration 0059): a location's kept-read generation and its marks. The
 * generation moves only here, under the location's advisory lock; writers only insert marks
 * (triggers). Every statement names the location.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';

/** Advisory-lock namespace of a kept read's rebuild (the inventory view's is 741315); the location is the second key. */
const LOCK_NAMESPACE = 741338;

/** Serialises the location's kept-read rebuilds until the transaction ends. */
export async function lockLocation(tx: Database, locationId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${locationId})`);
}

/**
 * Takes the location's marks (the committed ones, and this transaction's own) and answers the
 * generation a read built after this statement is kept under: a new one when marks were taken or
 * the location had none yet, else the current one (nothing was written since it was taken). A
 * write that commits later leaves its mark, so an answer kept under this generation is never served
 * across it.
 */
export async function takeMarks(tx: Database, locationId: number): Promise<string> {
  const [row] = await queryRows<{ generation: string }>(
    tx,
    sql`WITH taken AS (DELETE FROM kept_read_marks WHERE location_id = ${locationId} RETURNING 1),
             moved AS (
               INSERT INTO kept_read_generations (location_id)
               SELECT ${locationId}::int
               WHERE EXISTS (SELECT 1 FROM taken)
                  OR NOT EXISTS (SELECT 1 FROM kept_read_generations WHERE location_id = ${locationId})
               ON CONFLICT (location_id) DO UPDATE SET generation = nextval('kept_read_generation_seq')
               RETURNING generation)
        SELECT coalesce((SELECT generation FROM moved),
                        (SELECT generation FROM kept_read_generations WHERE location_id = ${locationId}))::text AS generation`,
  );
  return row.generation;
}

/**
 * Takes the marks of every marked location (each under its lock, as a miss would), so locations
 * whose kept reads nobody asks for do not collect marks without end. Answers how many it swept.
 */
export async function sweepMarks(db: Database): Promise<number> {
  const locations = await queryRows<{ id: number }>(db, sql`SELECT DISTINCT location_id AS id FROM kept_read_marks ORDER BY 1`);
  for (const { id } of locations) {
    await db.transaction(async (tx) => {
      await lockLocation(tx, id);
      await takeMarks(tx, id);
    });
  }
  return locations.length;
}
