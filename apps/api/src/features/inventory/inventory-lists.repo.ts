/**
 * SQL of the inventory lists (the comparison views) of a location. Every statement names the location, so a list, group or item of another location is never read or
 * written.
 */
import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';

export interface ListRow {
  id: number;
  name: string;
  merchantId: number;
  sort: number;
  userId: number | null;
  onInventory: boolean;
  hasRecipeGroups: boolean;
}

const listColumns = sql`l.id, l.name, l.location_id AS "merchantId", l.sort, l.user_id AS "userId",
  l.on_inventory AS "onInventory",
  EXISTS (SELECT 1 FROM recipe_ingredients ri JOIN inventory_groups rg ON rg.id = ri.inventory_group_id
          WHERE ri.location_id = l.location_id AND rg.location_id = l.location_id AND rg.inventory_list_id = l.id) AS "hasRecipeGroups"`;

export function selectLists(db: Database, locationId: number, page?: { limit: number; offset: number }): Promise<ListRow[]> {
  return queryRowsPrepared<ListRow>(
    db,
    sql`SELECT ${listColumns} FROM inventory_lists l WHERE l.location_id = ${locationId}
        ORDER BY l.sort, l.id ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
  );
}

export async function countLists(db: Database, locationId: number): Promise<number> {
  const [row] = await queryRowsPrepared<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM inventory_lists WHERE location_id = ${locationId}`,
  );
  return row.count;
}

export async function findList(db: Database, locationId: number, listId: number, lock = false): Promise<ListRow | undefined> {
  const [row] = await queryRowsPrepared<ListRow>(
    db,
    sql`SELECT ${listColumns} FROM inventory_lists l WHERE l.location_id = ${locationId} AND l.id = ${listId}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

export async function isListNameTaken(db: Database, locationId: number, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`SELECT id FROM inventory_lists WHERE location_id = ${locationId} AND lower(name) = lower(${name})
        ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`} LIMIT 1`,
  );
  return rows.length > 0;
}

export async function insertList(db: Database, locationId: number, name: string, userId: number): Promise<number> {
  const [row] = await queryRowsPrepared<{ id: number }>(
    db,
    sql`INSERT INTO inventory_lists (location_id, name, user_id, sort)
        VALUES (${locationId}, ${name}, ${userId},
                (SELECT coalesce(max(sort) + 1, 0) FROM inventory_lists WHERE location_id = ${locationId}))
        RETURNING id`,
  );
  return row.id;
}

export async function updateList(
  db: Database,
  locationId: number,
  listId: number,
  changes: { name?: string; onInventory?: boolean },
): Promise<void> {
  await db.execute(
    sql`UPDATE inventory_lists
        SET name = coalesce(${changes.name ?? null}::text, name),
            on_inventory = coalesce(${changes.onInventory ?? null}::boolean, on_inventory)
        WHERE location_id = ${locationId} AND id = ${listId}`,
  );
}

export async function deleteList(db: Database, locationId: number, listId: number): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`DELETE FROM inventory_lists WHERE location_id = ${locationId} AND id = ${listId} RETURNING id`,
  );
  return rows.length > 0;
}
