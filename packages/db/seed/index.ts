/**
 * The deterministic demo data set (ARCHITECTURE.md "Demo data"): the Stockpot Demo Co. with its
 * three Boston locations and sign-in accounts, six distributors, a catalogue of a few thousand items,
 * each location's order guides and about a year of its orders. Same options → same rows, on PGlite
 * and on PostgreSQL.
 */
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/client';
import { rebuildAllReadModels } from '../src/read-model/read-model';
import {
  companies,
  distributors,
  itemDistributors,
  items,
  locationDistributors,
  locations,
  userLocations,
  users,
} from '../src/schema/index';
import { DEFAULT_CATALOG_SIZE, offerRow } from './catalog';
import { addDays, assertIsoDate, instantOn, todayIn } from './dates';
import {
  COMPANY,
  DEMO_IDS,
  DEMO_PASSWORD,
  DEMO_TIMEZONE,
  DISTRIBUTORS,
  LOCATION_DISTRIBUTORS,
  LOCATIONS,
  USERS,
} from './demo-accounts';
import { DEMO_SEED, planDemo } from './demo-plan';
import { recordInvoicePrices } from './invoice-prices';
import { applyOrderGuide } from './order-guides';
import { planOrderHistory, seedOrderHistory } from './order-history';
import { seedReceiving } from './receiving';
import { seedSalesReps } from './sales-reps';
import { seedShoppingLists } from './shopping-lists';
import { seedInventory } from './inventory';
import { seedPastInventories } from './inventories';
import { seedAccounting } from './accounting';
import { seedRecipes } from './recipes';
import { alignPastCountsWithSales } from './pos-counts';
import { chunk, queryRows } from './sql-helpers';

export { DEMO_IDS, DEMO_PASSWORD, DISTRIBUTOR_IDS } from './demo-accounts';
export { DEFAULT_CATALOG_SIZE, MIN_CATALOG_SIZE } from './catalog';
export { DEMO_SEED } from './demo-plan';
export { DEMO_SHOPPING_LISTS } from './shopping-lists';
export { DEMO_INVENTORY_LISTS } from './inventory';
export { DEMO_MENU_CATEGORIES, DEMO_RECIPES, POS_DEMO_DAYS } from './recipes';
export { applyOrderGuide, applyOrderGuideLines } from './order-guides';
export { approveTemplateRequest, listTemplateRequests } from './order-guide-templates';
export type { TemplateRequestSummary } from './order-guide-templates';
export type { ApplyOrderGuideInput, ApplyOrderGuideResult, OrderGuideLine } from './order-guides';
export { recordInvoicePrices } from './invoice-prices';
export { ORDER_HISTORY_DAYS } from './order-history';
export { refreshPurchaseSummary } from './purchase-summary';
export type { InvoicePriceLine } from './invoice-prices';
export { computeUnitPriceE4, parsePackSize } from './pricing';
export type { PackSize } from './pricing';
export { createRandom } from './random';
export type { Random } from './random';

export interface SeedDemoOptions {
  /** Number of catalogue items (default 3200). */
  catalogSize?: number;
  /** 'YYYY-MM-DD' the demo is built around (order-guide and invoice dates); default: today in New York. */
  today?: string;
}

/** A few item-distributor ids and DINs of Harbor Grill's items of one kind. */
export interface DemoExample {
  itemDistributorId: number;
  din: string;
  distributorId: number;
  name: string;
}

export interface DemoSummary {
  today: string;
  companies: number;
  locations: number;
  users: number;
  distributors: number;
  items: number;
  itemDistributors: number;
  orderGuides: number;
  orderGuideItems: number;
  /** Past orders and their lines (about twelve months per location). */
  orders: number;
  orderItems: number;
  locationItems: { harborGrill: number; harborGrillExpress: number; harborCatering: number };
  /** Harbor Grill examples of each special kind, for fixtures and people trying the demo. */
  examples: Record<
    | 'callIn'
    | 'outOfStock'
    | 'punchedOut'
    | 'marketPrice'
    | 'catchWeight'
    | 'rebate'
    | 'electronicInvoice'
    | 'stalePrice'
    | 'subCentUnitPrice',
    DemoExample[]
  >;
  durationMs: number;
}

const INSERT_BATCH = 500;

/** True once the demo (or any data) has been loaded: a company exists. */
export async function isDatabaseSeeded(db: Database): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length > 0;
}

/** Moves a serial column's sequence past the explicit ids the seed inserted. */
async function bumpSequence(db: Database, table: string): Promise<void> {
  await db.execute(sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.identifier(table)}))`);
}

async function countRows(db: Database, table: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM ${sql.identifier(table)}`);
  return row.count;
}

async function findExamples(db: Database, locationId: number, today: string): Promise<DemoSummary['examples']> {
  const examples = async (condition: ReturnType<typeof sql>): Promise<DemoExample[]> =>
    queryRows<DemoExample>(
      db,
      sql`SELECT d.id AS "itemDistributorId", d.din, d.distributor_id AS "distributorId", i.name
          FROM location_items li
          JOIN item_distributors d ON d.id = li.item_distributor_id
          JOIN items i ON i.id = d.item_id
          WHERE li.location_id = ${locationId} AND ${condition}
          ORDER BY d.id LIMIT 5`,
    );
  return {
    callIn: await examples(sql`d.is_unpurchasable AND NOT li.is_punched_out`),
    outOfStock: await examples(sql`d.status = 'inactive' AND NOT li.is_punched_out`),
    punchedOut: await examples(sql`li.is_punched_out`),
    marketPrice: await examples(sql`d.is_market_price AND NOT li.is_punched_out`),
    catchWeight: await examples(sql`d.is_catch_weight AND NOT li.is_punched_out`),
    rebate: await examples(sql`d.rebate > 0 AND NOT li.is_punched_out`),
    electronicInvoice: await examples(sql`li.purchased_price IS NOT NULL`),
    stalePrice: await examples(sql`li.end_date < ${today}::date AND NOT li.is_punched_out`),
    subCentUnitPrice: await examples(sql`li.unit_price < 0.01 AND NOT li.is_punched_out`),
  };
}

/**
 * Loads the demo data set into an empty, migrated database, in one transaction. Ids are fixed
 * (DEMO_IDS) and the serial sequences are moved past them, so later inserts work.
 * Throws if the database already holds data.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions = {}): Promise<DemoSummary> {
  const startedAt = performance.now();
  const today = options.today ?? todayIn(DEMO_TIMEZONE);
  assertIsoDate(today, 'today');
  if (await isDatabaseSeeded(db)) throw new Error('The database already holds data; the demo loads only into an empty database.');

  const plan = planDemo({ today, catalogSize: options.catalogSize ?? DEFAULT_CATALOG_SIZE });
  // One hash for all demo accounts: argon2id is slow on purpose, and the accounts share a password.
  const passwordHash = await hash(DEMO_PASSWORD);
  const openedAt = instantOn(addDays(today, -400));

  await db.transaction(async (tx) => {
    await tx.insert(companies).values({ ...COMPANY, createdAt: openedAt });
    await tx
      .insert(locations)
      .values(
        LOCATIONS.map((location) => ({ ...location, companyId: COMPANY.id, timezone: DEMO_TIMEZONE, createdAt: openedAt })),
      );
    await tx.insert(users).values(
      USERS.map(({ locationIds: _locationIds, ...user }) => ({
        ...user,
        companyId: COMPANY.id,
        passwordHash,
        createdAt: openedAt,
      })),
    );
    await tx
      .insert(userLocations)
      .values(USERS.flatMap((user) => user.locationIds.map((locationId) => ({ userId: user.id, locationId }))));
    await tx.insert(distributors).values(
      DISTRIBUTORS.map(({ id, nickname, website, isDsrEditable }) => ({
        id,
        nickname,
        website,
        isDsrEditable,
        createdAt: openedAt,
      })),
    );
    await tx
      .insert(locationDistributors)
      .values(LOCATION_DISTRIBUTORS.map(({ guideSize: _size, guideDaysLeft: _days, ...account }) => account));

    for (const batch of chunk(plan.catalog.items, INSERT_BATCH)) await tx.insert(items).values(batch);
    for (const batch of chunk(plan.catalog.offers, INSERT_BATCH)) await tx.insert(itemDistributors).values(batch.map(offerRow));
    for (const table of ['companies', 'locations', 'users', 'items', 'item_distributors']) await bumpSequence(tx, table);

    for (const guide of plan.guides) await applyOrderGuide(tx, guide);
    for (const invoice of plan.invoices) await recordInvoicePrices(tx, invoice.locationId, invoice.lines);
    await seedOrderHistory(tx, planOrderHistory(plan, DEMO_SEED));
    await seedReceiving(tx);
    await seedSalesReps(tx, today);
    await seedShoppingLists(tx, instantOn(addDays(today, -30)));
    await seedInventory(tx, today);
    await seedPastInventories(tx, today);
    await seedAccounting(tx);
    await seedRecipes(tx, today);
    await alignPastCountsWithSales(tx);
    // The place-order list's read model, from what the steps above wrote.
    await rebuildAllReadModels(tx);
  });
  // Fresh statistics, so the first queries are planned for the real row counts: PGlite has no
  // autovacuum, and without statistics the planner takes every table for a few rows.
  await db.execute(sql`ANALYZE`);

  const locationItemCount = async (locationId: number) => {
    const [row] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM location_items WHERE location_id = ${locationId}`,
    );
    return row.count;
  };
  const L = DEMO_IDS.locations;
  return {
    today,
    companies: await countRows(db, 'companies'),
    locations: await countRows(db, 'locations'),
    users: await countRows(db, 'users'),
    distributors: await countRows(db, 'distributors'),
    items: await countRows(db, 'items'),
    itemDistributors: await countRows(db, 'item_distributors'),
    orderGuides: await countRows(db, 'order_guides'),
    orderGuideItems: await countRows(db, 'order_guide_items'),
    orders: await countRows(db, 'orders'),
    orderItems: await countRows(db, 'order_items'),
    locationItems: {
      harborGrill: await locationItemCount(L.harborGrill),
      harborGrillExpress: await locationItemCount(L.harborGrillExpress),
      harborCatering: await locationItemCount(L.harborCatering),
    },
    examples: await findExamples(db, L.harborGrill, today),
    durationMs: Math.round(performance.now() - startedAt),
  };
}
