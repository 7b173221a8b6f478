/**
 * SQL of the accounting tags: the location's suppliers, categories and GL codes, and the tags set
 * on its items (merchant_accountings); every statement scoped to one location.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';

export type TagKind = 'supplier' | 'category' | 'glCode';

/** Each tag list's table, its text column and its column on merchant_accountings. */
export const TAG_TABLES: Record<TagKind, { table: string; column: 'name' | 'code'; tagColumn: string }> = {
  supplier: { table: 'accounting_suppliers', column: 'name', tagColumn: 'supplier_id' },
  category: { table: 'accounting_categories', column: 'name', tagColumn: 'category_id' },
  glCode: { table: 'accounting_gl_codes', column: 'code', tagColumn: 'gl_code_id' },
};

/** The location's suppliers, categories or GL codes, by name. */
export async function selectTagList(db: Database, locationId: number, kind: TagKind) {
  const { table, column } = TAG_TABLES[kind];
  return queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, ${sql.identifier(column)} AS name FROM ${sql.identifier(table)} WHERE location_id = ${locationId}
        ORDER BY lower(${sql.identifier(column)}), id`,
  );
}

export async function selectTagByName(db: Database, locationId: number, kind: TagKind, name: string) {
  const { table, column } = TAG_TABLES[kind];
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, ${sql.identifier(column)} AS name FROM ${sql.identifier(table)}
        WHERE location_id = ${locationId} AND lower(${sql.identifier(column)}) = lower(${name})`,
  );
  return row;
}

export async function selectTagById(db: Database, locationId: number, kind: TagKind, id: number) {
  const { table, column } = TAG_TABLES[kind];
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, ${sql.identifier(column)} AS name FROM ${sql.identifier(table)} WHERE location_id = ${locationId} AND id = ${id}`,
  );
  return row;
}

/** Inserts a name unless the same name ignoring case is there (the unique index decides under concurrency). */
export async function insertTagName(db: Database, locationId: number, kind: TagKind, name: string) {
  const { table, column } = TAG_TABLES[kind];
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`INSERT INTO ${sql.identifier(table)} (location_id, ${sql.identifier(column)}) VALUES (${locationId}, ${name})
        ON CONFLICT DO NOTHING RETURNING id, ${sql.identifier(column)} AS name`,
  );
  return row;
}

export async function selectTagRecord(db: Database, locationId: number, id: number) {
  const [row] = await queryRows<{ id: number; item_distributor_id: number }>(
    db,
    sql`SELECT id, item_distributor_id FROM merchant_accountings WHERE location_id = ${locationId} AND id = ${id}`,
  );
  return row;
}

/** Sets one tag of an item (null clears it), creating the item's accounting record when it has none. */
export async function upsertTag(
  db: Database,
  locationId: number,
  itemDistributorId: number,
  kind: TagKind,
  tagId: number | null,
) {
  const column = sql.identifier(TAG_TABLES[kind].tagColumn);
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO merchant_accountings (location_id, item_distributor_id, ${column}) VALUES (${locationId}, ${itemDistributorId}, ${tagId})
        ON CONFLICT (location_id, item_distributor_id) DO UPDATE SET ${column} = EXCLUDED.${column}, updated_at = now()
        RETURNING id`,
  );
  return row.id;
}

/** Sets the given tags of many items at once (a null leaves that tag as it is). */
export async function upsertTags(
  db: Database,
  locationId: number,
  rows: { itemDistributorId: number; supplierId: number | null; categoryId: number | null; glCodeId: number | null }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    const values = sql.join(
      rows
        .slice(start, start + 500)
        .map(
          (r) =>
            sql`(${locationId}::int, ${r.itemDistributorId}::int, ${r.supplierId}::int, ${r.categoryId}::int, ${r.glCodeId}::int)`,
        ),
      sql`, `,
    );
    await db.execute(
      sql`INSERT INTO merchant_accountings (location_id, item_distributor_id, supplier_id, category_id, gl_code_id) VALUES ${values}
          ON CONFLICT (location_id, item_distributor_id) DO UPDATE SET
            supplier_id = COALESCE(EXCLUDED.supplier_id, merchant_accountings.supplier_id),
            category_id = COALESCE(EXCLUDED.category_id, merchant_accountings.category_id),
            gl_code_id = COALESCE(EXCLUDED.gl_code_id, merchant_accountings.gl_code_id),
            updated_at = now()`,
    );
  }
}
