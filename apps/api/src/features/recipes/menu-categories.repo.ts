/**
 * SQL of the location's recipe menu categories. Every statement names the location, so another
 * location's category is never read or written.
 */
import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';

export interface CategoryRow {
  id: number;
  name: string;
}

export function selectCategories(db: Database, locationId: number): Promise<CategoryRow[]> {
  return queryRowsPrepared<CategoryRow>(
    db,
    sql`SELECT id, name FROM recipe_menu_categories WHERE location_id = ${locationId} ORDER BY lower(name), id`,
  );
}

export async function findCategory(db: Database, locationId: number, id: number): Promise<CategoryRow | undefined> {
  const [row] = await queryRowsPrepared<CategoryRow>(
    db,
    sql`SELECT id, name FROM recipe_menu_categories WHERE location_id = ${locationId} AND id = ${id}`,
  );
  return row;
}

export async function findCategoryByName(db: Database, locationId: number, name: string): Promise<CategoryRow | undefined> {
  const [row] = await queryRowsPrepared<CategoryRow>(
    db,
    sql`SELECT id, name FROM recipe_menu_categories WHERE location_id = ${locationId} AND lower(name) = lower(${name}) ORDER BY id LIMIT 1`,
  );
  return row;
}

/** Serialises the location's menu category name writes until the transaction ends (no two of one name). */
export async function lockCategoryNames(tx: Database, locationId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('recipe-menu-category-names'), ${locationId})`);
}

export async function insertCategory(db: Database, locationId: number, name: string): Promise<number> {
  const [row] = await queryRowsPrepared<{ id: number }>(
    db,
    sql`INSERT INTO recipe_menu_categories (location_id, name) VALUES (${locationId}, ${name}) RETURNING id`,
  );
  return row.id;
}

export async function updateCategory(db: Database, locationId: number, id: number, name: string): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`UPDATE recipe_menu_categories SET name = ${name} WHERE location_id = ${locationId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

export async function deleteCategory(db: Database, locationId: number, id: number): Promise<boolean> {
  const rows = await queryRowsPrepared<{ id: number }>(
    db,
    sql`DELETE FROM recipe_menu_categories WHERE location_id = ${locationId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}
