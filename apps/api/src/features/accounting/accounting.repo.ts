/** SQL of the accounting area (doc 3 §2.8, §7 "Accounting"); every statement scoped to one location. */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type Database } from '@stockpot/db';
import type { AccountingSort } from '@stockpot/domain';

export type TagKind = 'supplier' | 'category' | 'glCode';

/** Each tag list's table, its text column and its column on merchant_accountings. */
export const TAG_TABLES: Record<TagKind, { table: string; column: 'name' | 'code'; tagColumn: string }> = {
  supplier: { table: 'accounting_suppliers', column: 'name', tagColumn: 'supplier_id' },
  category: { table: 'accounting_categories', column: 'name', tagColumn: 'category_id' },
  glCode: { table: 'accounting_gl_codes', column: 'code', tagColumn: 'gl_code_id' },
};

export async function selectAccountingFlag(db: Database, locationId: number): Promise<boolean> {
  const [row] = await queryRowsPrepared<{ display_accounting: boolean }>(
    db,
    sql`SELECT display_accounting FROM locations WHERE id = ${locationId}`,
  );
  return row?.display_accounting === true;
}

export interface AccountingItemRow {
  accounting_id: number | null;
  item_distributor_id: number;
  name: string;
  description: string;
  din: string;
  brand: string;
  distributor: string;
  price: string;
  unit_price: string;
  unit_measure: string;
  pack_size: string;
  pack_size_uom: string;
  is_catch_weight: boolean;
  is_fixed_weight: boolean;
  is_market_price: boolean;
  supplier_id: number | null;
  supplier_name: string | null;
  category_id: number | null;
  category_name: string | null;
  gl_code_id: number | null;
  gl_code: string | null;
}

/** A LIKE pattern holding the text literally (its % _ and \ escaped). */
export function toLikePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ITEM_FROM = sql`FROM location_items li
  JOIN item_distributors d ON d.id = li.item_distributor_id
  JOIN items i ON i.id = d.item_id
  JOIN distributors dist ON dist.id = d.distributor_id
  LEFT JOIN merchant_accountings ma ON ma.location_id = li.location_id AND ma.item_distributor_id = li.item_distributor_id
  LEFT JOIN accounting_suppliers s ON s.id = ma.supplier_id AND s.location_id = ma.location_id
  LEFT JOIN accounting_categories c ON c.id = ma.category_id AND c.location_id = ma.location_id
  LEFT JOIN accounting_gl_codes g ON g.id = ma.gl_code_id AND g.location_id = ma.location_id`;

function itemSearchSql(search: string): SQL {
  if (search.trim() === '') return sql`TRUE`;
  const words = search.trim().split(/\s+/).slice(0, 8);
  return sql.join(
    words.map((word) => {
      const pattern = toLikePattern(word);
      return sql`(i.name ILIKE ${pattern} OR d.description ILIKE ${pattern} OR d.brand ILIKE ${pattern} OR d.din ILIKE ${pattern}
        OR dist.nickname ILIKE ${pattern} OR s.name ILIKE ${pattern} OR c.name ILIKE ${pattern} OR g.code ILIKE ${pattern})`;
    }),
    sql` AND `,
  );
}

const SORTS: Record<AccountingSort, SQL> = {
  most_purchased: sql`li.purchased_quantity DESC, i.name, li.item_distributor_id`,
  name: sql`i.name, li.item_distributor_id`,
  distributor: sql`dist.nickname, i.name, li.item_distributor_id`,
};

/** One page of the location's items with their tags, and how many match. */
export async function selectAccountingItems(
  db: Database,
  locationId: number,
  filter: { search: string; sort: AccountingSort },
  limit: number,
  offset: number,
): Promise<{ rows: AccountingItemRow[]; total: number }> {
  const where = sql`li.location_id = ${locationId} AND ${itemSearchSql(filter.search)}`;
  // Most purchased without a search: only items bought at least as often as the page's last row can
  // be on it (ties included), found on the (location_id, purchased_quantity) index, so the joins
  // and the sort cover a page's worth of rows instead of all the location's items.
  const pageWhere =
    filter.sort === 'most_purchased' && filter.search.trim() === ''
      ? sql`${where} AND li.purchased_quantity >= coalesce((SELECT x.purchased_quantity FROM location_items x
            WHERE x.location_id = ${locationId} ORDER BY x.purchased_quantity DESC LIMIT 1 OFFSET ${offset + limit - 1}), -1)`
      : where;
  // Without a search every location item counts (its offer, item and distributor always exist:
  // foreign keys), so the total is the location's index range alone; the joins made the planner
  // hash the whole catalogue against it (a sequential scan of item_distributors, 100–150 ms at 100k offers).
  // The count and the page go out together: two statements, one wait.
  const [[count], rows] = await Promise.all([
    queryRowsPrepared<{ total: number }>(
      db,
      filter.search.trim() === ''
        ? sql`SELECT count(*)::int AS total FROM location_items li WHERE li.location_id = ${locationId}`
        : sql`SELECT count(*)::int AS total ${ITEM_FROM} WHERE ${where}`,
    ),
    queryRowsPrepared<AccountingItemRow>(
      db,
      sql`SELECT ma.id AS accounting_id, li.item_distributor_id, i.name, d.description, d.din, d.brand, dist.nickname AS distributor,
               li.price::text AS price, li.unit_price::text AS unit_price, d.unit_measure, d.pack_size, d.pack_size_uom,
               d.is_catch_weight, d.is_fixed_weight, d.is_market_price,
               s.id AS supplier_id, s.name AS supplier_name, c.id AS category_id, c.name AS category_name, g.id AS gl_code_id, g.code AS gl_code
        ${ITEM_FROM} WHERE ${pageWhere} ORDER BY ${SORTS[filter.sort]} LIMIT ${limit} OFFSET ${offset}`,
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** One of the location's items with its tags, or undefined. */
export async function selectAccountingItem(db: Database, locationId: number, itemDistributorId: number) {
  const [row] = await queryRows<AccountingItemRow>(
    db,
    sql`SELECT ma.id AS accounting_id, li.item_distributor_id, i.name, d.description, d.din, d.brand, dist.nickname AS distributor,
               li.price::text AS price, li.unit_price::text AS unit_price, d.unit_measure, d.pack_size, d.pack_size_uom,
               d.is_catch_weight, d.is_fixed_weight, d.is_market_price,
               s.id AS supplier_id, s.name AS supplier_name, c.id AS category_id, c.name AS category_name, g.id AS gl_code_id, g.code AS gl_code
        ${ITEM_FROM} WHERE li.location_id = ${locationId} AND li.item_distributor_id = ${itemDistributorId}`,
  );
  return row;
}

export async function selectAccountingDistributors(db: Database, locationId: number, search: string) {
  const filter = search.trim() === '' ? sql`TRUE` : sql`d.nickname ILIKE ${toLikePattern(search.trim())}`;
  return queryRows<{ id: number; nickname: string; payable_terms: number }>(
    db,
    sql`SELECT d.id, d.nickname, ld.payable_terms FROM location_distributors ld JOIN distributors d ON d.id = ld.distributor_id
        WHERE ld.location_id = ${locationId} AND ${filter} ORDER BY d.nickname, d.id`,
  );
}

export async function updatePayableTerms(db: Database, locationId: number, distributorId: number, terms: number) {
  const [row] = await queryRows<{ id: number; nickname: string; payable_terms: number }>(
    db,
    sql`UPDATE location_distributors ld SET payable_terms = ${terms} FROM distributors d
        WHERE d.id = ld.distributor_id AND ld.location_id = ${locationId} AND ld.distributor_id = ${distributorId}
        RETURNING d.id, d.nickname, ld.payable_terms`,
  );
  return row;
}

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

/** The location's items as the bulk upload finds them: id, DIN and distributor. */
export async function selectItemKeys(db: Database, locationId: number) {
  return queryRows<{ item_distributor_id: number; din: string; distributor: string }>(
    db,
    sql`SELECT li.item_distributor_id, d.din, dist.nickname AS distributor FROM location_items li
        JOIN item_distributors d ON d.id = li.item_distributor_id JOIN distributors dist ON dist.id = d.distributor_id
        WHERE li.location_id = ${locationId}`,
  );
}

/** Every item of the location with its tags, most purchased first: the bulk-upload template. */
export async function selectTemplateRows(db: Database, locationId: number) {
  return queryRows<AccountingItemRow>(
    db,
    sql`SELECT ma.id AS accounting_id, li.item_distributor_id, i.name, d.description, d.din, d.brand, dist.nickname AS distributor,
               li.price::text AS price, li.unit_price::text AS unit_price, d.unit_measure, d.pack_size, d.pack_size_uom,
               d.is_catch_weight, d.is_fixed_weight, d.is_market_price,
               s.id AS supplier_id, s.name AS supplier_name, c.id AS category_id, c.name AS category_name, g.id AS gl_code_id, g.code AS gl_code
        ${ITEM_FROM} WHERE li.location_id = ${locationId} ORDER BY ${SORTS.most_purchased}`,
  );
}

export interface BillLineRow {
  order_id: number;
  custom_invoice_id: string | null;
  bill_date: string;
  distributor: string;
  payable_terms: number;
  delivery_fee: string;
  description: string;
  pack_size: string;
  amount: string;
  gl_code: string | null;
}

/**
 * The lines of the location's orders billed in a date range (not cancelled; the bill date is the
 * requested delivery date, else the order date in the location's zone): received cases when
 * receiving is complete, else ordered, times the line price; the item's GL code when tagged.
 */
export async function selectBillLines(db: Database, locationId: number, startDate: string, endDate: string) {
  return queryRows<BillLineRow>(
    db,
    sql`WITH bills AS (
          SELECT o.id, o.custom_invoice_id, o.distributor_id, o.delivery_fee,
                 COALESCE(o.requested_delivery_date, (o.created_at AT TIME ZONE o.timezone)::date) AS bill_date
          FROM orders o WHERE o.location_id = ${locationId} AND o.status <> 'cancelled')
        SELECT b.id AS order_id, b.custom_invoice_id, b.bill_date::text AS bill_date, dist.nickname AS distributor,
               COALESCE(ld.payable_terms, 0) AS payable_terms, b.delivery_fee::text AS delivery_fee,
               oi.description, oi.pack_size, (oi.price * COALESCE(oi.received_quantity, oi.quantity))::numeric(14, 2)::text AS amount,
               g.code AS gl_code
        FROM bills b
        JOIN distributors dist ON dist.id = b.distributor_id
        LEFT JOIN location_distributors ld ON ld.location_id = ${locationId} AND ld.distributor_id = b.distributor_id
        JOIN order_items oi ON oi.order_id = b.id AND oi.location_id = ${locationId}
        LEFT JOIN merchant_accountings ma ON ma.location_id = ${locationId} AND ma.item_distributor_id = oi.item_distributor_id
        LEFT JOIN accounting_gl_codes g ON g.id = ma.gl_code_id AND g.location_id = ma.location_id
        WHERE b.bill_date BETWEEN ${startDate}::date AND ${endDate}::date
        ORDER BY b.bill_date, b.id, oi.id`,
  );
}
