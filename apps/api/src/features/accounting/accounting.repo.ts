/**
 * SQL of the accounting area's items and distributors (doc 3 §2.8, §7 "Accounting"); every statement
 * scoped to one location. The tag lists are accounting-tags.repo.ts, the bills quickbooks-bills.repo.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, queryRowsPrepared, type Database } from '@stockpot/db';
import type { AccountingSort } from '@stockpot/domain';

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
