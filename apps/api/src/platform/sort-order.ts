/**
 * The one API function of the reorder rule (packages/domain common/sort-order.rules): places a
 * moved row of a sequence of sort indexes — the catalogue's custom order (location_items of a
 * location) or a shopping list (shopping_list_items of a list) — halfway between its new
 * neighbours, renumbering the sequence SORT_INDEX_STEP apart when they have no room left. The
 * caller holds the sequence's lock and has checked that the rows exist and are the caller's.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { computeSortIndexBetween, SORT_INDEX_STEP, type SortMoveSpecial } from '@stockpot/domain';

/** A sequence: the rows of `table` (aliased s) that `scope` selects, keyed by s.item_distributor_id, ordered by s.sort_index. */
export interface SortSequence {
  table: 'location_items' | 'shopping_list_items';
  /** Condition selecting the sequence's rows of the table under the given alias. */
  scope: (alias: SQL) => SQL;
  /** Joins (on s) and ORDER BY of the rows when renumbered: the order they show in now. */
  renumberJoin?: SQL;
  renumberOrder: SQL;
}

const tableOf = (sequence: SortSequence) => sql.raw(sequence.table);
const S = sql.raw('s');
const T = sql.raw('t');

async function findIndex(db: Database, sequence: SortSequence, itemDistributorId: number): Promise<number | null> {
  const [row] = await queryRows<{ sort_index: number | null }>(
    db,
    sql`SELECT s.sort_index FROM ${tableOf(sequence)} s WHERE ${sequence.scope(S)} AND s.item_distributor_id = ${itemDistributorId}`,
  );
  return row?.sort_index ?? null;
}

/** The nearest sort index after (or before) `from` in the sequence, skipping the moved row; null at the end. */
async function findNeighbourIndex(
  db: Database,
  sequence: SortSequence,
  from: number | null,
  direction: 'after' | 'before',
  excludeId: number,
): Promise<number | null> {
  const bound = from === null ? sql`true` : direction === 'after' ? sql`s.sort_index > ${from}` : sql`s.sort_index < ${from}`;
  const [row] = await queryRows<{ sort_index: number }>(
    db,
    sql`SELECT s.sort_index FROM ${tableOf(sequence)} s
        WHERE ${sequence.scope(S)} AND s.item_distributor_id <> ${excludeId} AND s.sort_index IS NOT NULL AND ${bound}
        ORDER BY s.sort_index ${direction === 'after' ? sql`ASC` : sql`DESC`} LIMIT 1`,
  );
  return row?.sort_index ?? null;
}

/** Renumbers the whole sequence in one statement, keeping its order, SORT_INDEX_STEP apart. */
export async function renumberSequence(db: Database, sequence: SortSequence): Promise<void> {
  const table = tableOf(sequence);
  await db.execute(sql`
    UPDATE ${table} t SET sort_index = r.position * ${SORT_INDEX_STEP}
    FROM (SELECT s.item_distributor_id, row_number() OVER (ORDER BY ${sequence.renumberOrder}) AS position
          FROM ${table} s ${sequence.renumberJoin ?? sql``}
          WHERE ${sequence.scope(S)}) r
    WHERE ${sequence.scope(T)} AND t.item_distributor_id = r.item_distributor_id`);
}

/**
 * Moves `movedId` to the top, to the bottom, or right after `aboveId`, and answers its new sort
 * index. The server's own indexes decide; what the client saw is not trusted.
 */
export async function placeInSequence(
  db: Database,
  sequence: SortSequence,
  move: { movedId: number; aboveId: number | null; special: SortMoveSpecial },
): Promise<number> {
  const findSlot = async (): Promise<number | null> => {
    if (move.special === 'top' || (move.special === null && move.aboveId === null)) {
      return computeSortIndexBetween(null, await findNeighbourIndex(db, sequence, null, 'after', move.movedId));
    }
    if (move.special === 'bottom') {
      return computeSortIndexBetween(await findNeighbourIndex(db, sequence, null, 'before', move.movedId), null);
    }
    const above = await findIndex(db, sequence, move.aboveId!);
    return computeSortIndexBetween(above, await findNeighbourIndex(db, sequence, above, 'after', move.movedId));
  };

  let sortIndex = await findSlot();
  if (sortIndex === null) {
    await renumberSequence(db, sequence);
    sortIndex = await findSlot();
    if (sortIndex === null) throw new Error('No room in the sequence after renumbering');
  }
  await db.execute(
    sql`UPDATE ${tableOf(sequence)} s SET sort_index = ${sortIndex} WHERE ${sequence.scope(S)} AND s.item_distributor_id = ${move.movedId}`,
  );
  return sortIndex;
}
