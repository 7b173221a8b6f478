import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client';
import { refreshLocationReadModel } from './read-model/read-model';

/**
 * The operator's side of the distributor directory (issue 31, `npm run distributor`): distributors
 * restaurants added by name wait here until they are promoted into the directory or folded into an
 * entry already in it.
 */
export interface PrivateDistributorRow {
  id: number;
  nickname: string;
  createdAt: string;
  owner: string;
  accounts: number;
}

export async function listPrivateDistributors(db: Database): Promise<PrivateDistributorRow[]> {
  return queryRows<PrivateDistributorRow>(
    db,
    sql`SELECT d.id, d.nickname, to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC' AS "createdAt",
               coalesce(r.business_name, l.nickname, '(no owner)') AS owner,
               (SELECT count(*)::int FROM location_distributors ld WHERE ld.distributor_id = d.id) AS accounts
        FROM distributors d
        LEFT JOIN restaurants r ON r.id = d.owner_restaurant_id
        LEFT JOIN locations l ON l.id = d.owner_location_id
        WHERE NOT d.in_directory AND (d.owner_location_id IS NOT NULL OR d.owner_restaurant_id IS NOT NULL)
        ORDER BY d.created_at, d.id`,
  );
}

export type MergeResult =
  | { kind: 'promoted'; id: number; nickname: string }
  | { kind: 'folded'; from: number; into: number; nickname: string; tables: Record<string, number> };

/** A refusal the operator can act on; nothing was changed. */
export class MergeRefusal extends Error {}

async function findDistributor(db: Database, id: number) {
  const [row] = await queryRows<{ id: number; nickname: string; inDirectory: boolean; isPrivate: boolean }>(
    db,
    sql`SELECT id, nickname, in_directory AS "inDirectory",
               (owner_location_id IS NOT NULL OR owner_restaurant_id IS NOT NULL) AS "isPrivate"
        FROM distributors WHERE id = ${id}`,
  );
  return row ?? null;
}

/** Every table with a distributor_id column (foreign keys and the hand-written read models alike). */
async function listDistributorColumns(db: Database): Promise<string[]> {
  const rows = await queryRows<{ table: string }>(
    db,
    sql`SELECT c.table_name AS table FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND c.column_name = 'distributor_id' AND t.table_type = 'BASE TABLE'
        ORDER BY c.table_name`,
  );
  return rows.map((r) => r.table);
}

/**
 * `merge <id>`: the private distributor joins the directory (every company finds it from now on).
 * `merge <id> --into <directoryId>`: its accounts, items, guides, orders and reps move to the
 * directory entry and it is deleted; refused, changing nothing, when a location buys from both or
 * the two share an item number (the operator settles those by hand first).
 */
export async function mergeDistributor(db: Database, id: number, intoId?: number): Promise<MergeResult> {
  const result = await db.transaction(async (tx) => {
    const source = await findDistributor(tx, id);
    if (!source) throw new MergeRefusal(`Distributor ${id} does not exist.`);
    if (source.inDirectory) throw new MergeRefusal(`${source.nickname} (${id}) is already in the directory.`);
    if (!source.isPrivate)
      throw new MergeRefusal(`${source.nickname} (${id}) is demo data, not a distributor a restaurant added.`);
    if (intoId === undefined) {
      await tx.execute(
        sql`UPDATE distributors SET in_directory = true, owner_location_id = NULL, owner_restaurant_id = NULL WHERE id = ${id}`,
      );
      return { result: { kind: 'promoted', id, nickname: source.nickname } as MergeResult, locations: [] as number[] };
    }
    const target = await findDistributor(tx, intoId);
    if (!target || !target.inDirectory) throw new MergeRefusal(`Distributor ${intoId} is not in the directory.`);
    const both = await queryRows<{ nickname: string }>(
      tx,
      sql`SELECT l.nickname FROM location_distributors a JOIN location_distributors b ON b.location_id = a.location_id
          JOIN locations l ON l.id = a.location_id WHERE a.distributor_id = ${id} AND b.distributor_id = ${intoId}`,
    );
    if (both.length > 0) {
      throw new MergeRefusal(
        `${both.map((r) => r.nickname).join(', ')} already buy(s) from ${target.nickname}; remove one account first.`,
      );
    }
    const shared = await queryRows<{ din: string }>(
      tx,
      sql`SELECT a.din FROM item_distributors a JOIN item_distributors b ON b.din = a.din
          WHERE a.distributor_id = ${id} AND b.distributor_id = ${intoId} ORDER BY a.din LIMIT 5`,
    );
    if (shared.length > 0) {
      throw new MergeRefusal(`Both carry item numbers ${shared.map((r) => r.din).join(', ')}…; settle those items first.`);
    }
    const locations = await queryRows<{ locationId: number }>(
      tx,
      sql`SELECT location_id AS "locationId" FROM location_distributors WHERE distributor_id = ${id}`,
    );
    const tables: Record<string, number> = {};
    for (const table of await listDistributorColumns(tx)) {
      const moved = await queryRows<{ n: number }>(
        tx,
        sql`WITH m AS (UPDATE ${sql.identifier(table)} SET distributor_id = ${intoId} WHERE distributor_id = ${id} RETURNING 1)
            SELECT count(*)::int AS n FROM m`,
      );
      if (moved[0].n > 0) tables[table] = moved[0].n;
    }
    await tx.execute(sql`DELETE FROM distributors WHERE id = ${id}`);
    return {
      result: { kind: 'folded', from: id, into: intoId, nickname: target.nickname, tables } as MergeResult,
      locations: locations.map((l) => l.locationId),
    };
  });
  for (const locationId of result.locations) await refreshLocationReadModel(db, locationId, { ifBuilt: true });
  return result.result;
}
