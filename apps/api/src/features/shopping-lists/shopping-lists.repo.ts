/**
 * SQL of the shopping lists. Every statement names the location: a list or a list row of another
 * location is never read or written. Item rows themselves are read through the catalogue's one
 * projection (catalog.repo selectItemRows), so a list item reads as it does on the place-order list.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { intArray } from '../../platform/sql';

export interface ListSummaryRow {
  id: number;
  name: string;
  itemCount: number;
  updatedAt: string;
}

export async function selectLists(db: Database, locationId: number): Promise<ListSummaryRow[]> {
  return queryRows<ListSummaryRow>(
    db,
    sql`SELECT l.id, l.name, count(sli.id)::int AS "itemCount",
               to_char(l.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
        FROM shopping_lists l
        LEFT JOIN shopping_list_items sli ON sli.shopping_list_id = l.id AND sli.location_id = l.location_id
        WHERE l.location_id = ${locationId}
        GROUP BY l.id
        ORDER BY lower(l.name), l.id`,
  );
}

export async function findList(
  db: Database,
  locationId: number,
  listId: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM shopping_lists WHERE location_id = ${locationId} AND id = ${listId}`,
  );
  return row;
}

/** Locks the list row for the rest of the transaction (reorders and adds of one list run one at a time). */
export async function lockList(db: Database, locationId: number, listId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM shopping_lists WHERE location_id = ${locationId} AND id = ${listId} FOR UPDATE`,
  );
  return rows.length > 0;
}

/** Whether another list of the location has this name, ignoring case and surrounding spaces. */
export async function isNameTaken(db: Database, locationId: number, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM shopping_lists
        WHERE location_id = ${locationId} AND lower(name) = lower(${name})
          ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`}
        LIMIT 1`,
  );
  return rows.length > 0;
}

export async function insertList(db: Database, locationId: number, name: string, userId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO shopping_lists (location_id, name, created_by) VALUES (${locationId}, ${name}, ${userId}) RETURNING id`,
  );
  return row.id;
}

export async function renameList(db: Database, locationId: number, listId: number, name: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE shopping_lists SET name = ${name}, updated_at = now()
        WHERE location_id = ${locationId} AND id = ${listId} RETURNING id`,
  );
  return rows.length > 0;
}

export async function touchList(db: Database, locationId: number, listId: number): Promise<void> {
  await db.execute(sql`UPDATE shopping_lists SET updated_at = now() WHERE location_id = ${locationId} AND id = ${listId}`);
}

/** Deletes the list; its rows go with it (ON DELETE CASCADE). Catalogue rows are never touched. */
export async function deleteList(db: Database, locationId: number, listId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM shopping_lists WHERE location_id = ${locationId} AND id = ${listId} RETURNING id`,
  );
  return rows.length > 0;
}

/** Which of the ids are items of the location's catalogue (location_items). */
export async function findLocationItemIds(db: Database, locationId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT item_distributor_id AS id FROM location_items
        WHERE location_id = ${locationId} AND item_distributor_id = ANY(${intArray(ids)})`,
  );
  return new Set(rows.map((row) => row.id));
}

export async function findMaxSortIndex(db: Database, locationId: number, listId: number): Promise<number | null> {
  const [row] = await queryRows<{ max: number | null }>(
    db,
    sql`SELECT max(sort_index) AS max FROM shopping_list_items WHERE location_id = ${locationId} AND shopping_list_id = ${listId}`,
  );
  return row?.max ?? null;
}

export async function countItems(db: Database, locationId: number, listId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM shopping_list_items WHERE location_id = ${locationId} AND shopping_list_id = ${listId}`,
  );
  return row.count;
}

/** Appends items in the given order, each `step` after the previous; ones already on the list are skipped. */
export async function insertItems(
  db: Database,
  locationId: number,
  listId: number,
  items: readonly { itemDistributorId: number; sortIndex: number }[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const values = sql.join(
    items.map((item) => sql`(${listId}, ${locationId}, ${item.itemDistributorId}, ${item.sortIndex})`),
    sql`, `,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO shopping_list_items (shopping_list_id, location_id, item_distributor_id, sort_index)
        VALUES ${values}
        ON CONFLICT (shopping_list_id, item_distributor_id) DO NOTHING
        RETURNING item_distributor_id AS id`,
  );
  return rows.map((row) => row.id);
}

export interface ListItemRow {
  id: number;
  itemDistributorId: number;
  sortIndex: number;
}

/** The list's rows in list order (every one, or one page of them). */
export async function selectListItemRows(
  db: Database,
  locationId: number,
  listId: number,
  page?: { limit: number; offset: number },
): Promise<ListItemRow[]> {
  return queryRows<ListItemRow>(
    db,
    sql`SELECT id, item_distributor_id AS "itemDistributorId", sort_index AS "sortIndex"
        FROM shopping_list_items
        WHERE location_id = ${locationId} AND shopping_list_id = ${listId}
        ORDER BY sort_index, id
        ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
  );
}

/** The given list rows as a source for selectItemRows (item_distributor_id, ord), in the order given. */
export function listItemsSource(locationId: number, rows: readonly ListItemRow[]): SQL {
  if (rows.length === 0) return sql`SELECT NULL::int AS item_distributor_id, 0 AS ord WHERE false`;
  return sql`SELECT t.item_distributor_id, t.ord
    FROM unnest(${intArray(rows.map((row) => row.itemDistributorId))}) WITH ORDINALITY AS t(item_distributor_id, ord)
    JOIN location_items li ON li.location_id = ${locationId} AND li.item_distributor_id = t.item_distributor_id`;
}

export async function findListItem(
  db: Database,
  locationId: number,
  listId: number,
  itemDistributorId: number,
): Promise<ListItemRow | undefined> {
  const [row] = await queryRows<ListItemRow>(
    db,
    sql`SELECT id, item_distributor_id AS "itemDistributorId", sort_index AS "sortIndex"
        FROM shopping_list_items
        WHERE location_id = ${locationId} AND shopping_list_id = ${listId} AND item_distributor_id = ${itemDistributorId}`,
  );
  return row;
}

export async function deleteListItem(
  db: Database,
  locationId: number,
  listId: number,
  itemDistributorId: number,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM shopping_list_items
        WHERE location_id = ${locationId} AND shopping_list_id = ${listId} AND item_distributor_id = ${itemDistributorId}
        RETURNING id`,
  );
  return rows.length > 0;
}
