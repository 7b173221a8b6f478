/**
 * Harbor Grill's accounting tags (doc 3 §2.8): its chart of accounts (GL codes), categories and
 * accounting suppliers, and the most purchased items tagged the way a bookkeeper would, so the
 * accounting screen and the QuickBooks export show real-looking data. Some items stay untagged.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/client';
import { DEMO_IDS } from './demo-accounts';

const GRILL = DEMO_IDS.locations.harborGrill;

/** Catalogue category → accounting category and GL code. */
const BOOKS: Record<string, { category: string; code: string }> = {
  Produce: { category: 'Food - Produce', code: '5010 Food Cost' },
  Meat: { category: 'Food - Meat', code: '5010 Food Cost' },
  Poultry: { category: 'Food - Meat', code: '5010 Food Cost' },
  Seafood: { category: 'Food - Seafood', code: '5010 Food Cost' },
  Dairy: { category: 'Food - Dairy', code: '5010 Food Cost' },
  'Dry Goods': { category: 'Food - Dry Goods', code: '5010 Food Cost' },
  Bakery: { category: 'Food - Bakery', code: '5010 Food Cost' },
  Frozen: { category: 'Food - Frozen', code: '5010 Food Cost' },
  Beverages: { category: 'Beverage - Non-Alcoholic', code: '5020 Beverage Cost' },
  'Paper & Disposables': { category: 'Paper & Packaging', code: '5030 Paper & Packaging' },
  'Chemicals & Janitorial': { category: 'Cleaning Supplies', code: '6120 Cleaning Supplies' },
};

/** How many of Harbor Grill's most purchased items carry tags. */
export const TAGGED_ITEM_COUNT = 60;

export async function seedAccounting(db: Database): Promise<void> {
  const categories = [...new Set(Object.values(BOOKS).map((b) => b.category))];
  const codes = [...new Set(Object.values(BOOKS).map((b) => b.code))];
  for (const name of categories)
    await db.execute(sql`INSERT INTO accounting_categories (location_id, name) VALUES (${GRILL}, ${name})`);
  for (const code of codes) await db.execute(sql`INSERT INTO accounting_gl_codes (location_id, code) VALUES (${GRILL}, ${code})`);
  // Accounting suppliers are the vendors as the books name them: the distributors' legal names.
  await db.execute(
    sql`INSERT INTO accounting_suppliers (location_id, name)
        SELECT ${GRILL}, d.nickname || ' LLC' FROM location_distributors ld JOIN distributors d ON d.id = ld.distributor_id
        WHERE ld.location_id = ${GRILL} ORDER BY d.id`,
  );
  const mapping = sql.join(
    Object.entries(BOOKS).map(([catalog, book]) => sql`(${catalog}, ${book.category}, ${book.code})`),
    sql`, `,
  );
  await db.execute(
    sql`INSERT INTO merchant_accountings (location_id, item_distributor_id, supplier_id, category_id, gl_code_id)
        SELECT ${GRILL}, top.item_distributor_id, s.id, c.id, g.id
        FROM (SELECT li.item_distributor_id, li.purchased_quantity FROM location_items li
              WHERE li.location_id = ${GRILL} AND li.purchased_quantity > 0
              ORDER BY li.purchased_quantity DESC, li.item_distributor_id LIMIT ${TAGGED_ITEM_COUNT}) top
        JOIN item_distributors d ON d.id = top.item_distributor_id
        JOIN distributors dist ON dist.id = d.distributor_id
        JOIN items i ON i.id = d.item_id
        JOIN (VALUES ${mapping}) AS book(catalog, category, code) ON book.catalog = i.category
        LEFT JOIN accounting_suppliers s ON s.location_id = ${GRILL} AND s.name = dist.nickname || ' LLC'
        LEFT JOIN accounting_categories c ON c.location_id = ${GRILL} AND c.name = book.category
        LEFT JOIN accounting_gl_codes g ON g.location_id = ${GRILL} AND g.code = book.code
        ORDER BY top.purchased_quantity DESC, top.item_distributor_id`,
  );
}
