/**
 * The chain-scale data set for benchmarks (`npm run seed -- --scale large`): the demo data set,
 * then a restaurant chain on top of it, loaded with COPY. At the `large` scale: over a million
 * item-distributor rows from 60 distributors, 200 more locations with their order guides, two
 * years of orders, carts and shopping lists. Deterministic: the same seed, scale and `today` give
 * the same rows. PostgreSQL only at full scale (PGlite takes the `quick` scale).
 */
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/client';
import { addDays, assertIsoDate, instantOn, todayIn } from '../dates';
import { DEMO_PASSWORD, DEMO_TIMEZONE } from '../demo-accounts';
import { rebuildAllReadModels } from '../../src/read-model/read-model';
import { rebuildAllAnalyticsDays } from '../../src/analytics/analytics-days';
import { refreshAllSuggestionDays } from '../../src/suggestions/suggestion-days';
import { refreshAllRecipeCosts } from '../../src/recipe-costs/recipe-costs';
import { seedReceiving } from '../receiving';
import { isDatabaseSeeded, seedDemo } from '../index';
import { queryRows } from '../sql-helpers';
import {
  bumpSequences,
  dropIndexesAndForeignKeys,
  readSearchTextExpression,
  restoreIndexesAndForeignKeys,
  vacuumAnalyze,
  verifyLargeData,
  type CheckResult,
} from './bulk-load';
import {
  AREA_SERIAL_TABLES,
  AREA_TABLE_COLUMNS,
  writeLocationAreas,
  type AreaIds,
  type AreaTable,
  type LocationStock,
} from './area-data';
import { planChain, type ChainPlan } from './chain-plan';
import { copyRow, type BulkSink, type TableWriter } from './copy-sink';
import { generateLargeCatalog, ITEM_COLUMNS, OFFER_COLUMNS, writeItems, writeOffers, type LargeCatalog } from './large-catalog';
import { LOCATION_TABLE_COLUMNS, writeLocation, type LocationContext, type LocationTable } from './location-data';

/** The list read model's tables (migration 0010), vacuumed with the loaded ones. */
const READ_MODEL_TABLES = [
  'location_item_reads',
  'location_item_searches',
  // The typo pass's dictionary (migration 0065): unanalysed, PGlite (no autovacuum) scans it by its key.
  'location_search_words',
  'location_item_read_counts',
  'location_item_read_state',
  'location_item_read_dirty',
];

/** The analytics daily aggregate's tables (migrations 0025, 0029), and the tables whose insert trigger marks its days. */
const ANALYTICS_TABLES = [
  'analytics_days',
  'analytics_day_categories',
  'analytics_savings_lines',
  'analytics_dirty_days',
  // The chain view's rollups (migration 0048), rebuilt with the aggregate.
  'analytics_periods',
  'chain_price_days',
  'chain_price_periods',
];
/** The recipe list's stored costs (migration 0026). */
const RECIPE_COST_TABLES = ['recipe_costs', 'recipe_cost_state', 'recipe_cost_dirty'];
const ANALYTICS_TRIGGERS = ['orders', 'order_items', 'item_swaps'];

export { openPgliteSink, openPostgresSink } from './copy-sink';
export type { BulkSink } from './copy-sink';
export { chefEmail, managerEmail, regionalEmail } from './chain-plan';

export interface LargeScale {
  name: 'quick' | 'large';
  /** Item-distributor rows generated on top of the demo's. */
  targetOffers: number;
  locations: number;
  regions: number;
  historyDays: number;
}

export const LARGE_SCALES: Record<LargeScale['name'], LargeScale> = {
  quick: { name: 'quick', targetOffers: 100_000, locations: 20, regions: 4, historyDays: 182 },
  large: { name: 'large', targetOffers: 1_000_000, locations: 200, regions: 10, historyDays: 730 },
};

export const LARGE_SEED = 20240601;

/**
 * How item_distributors.search_text is filled for the bulk rows:
 * - `trigger`: COPY with the row trigger on (one items lookup per row, in PL/pgSQL);
 * - `update`: trigger off during COPY, then one UPDATE … FROM items (rewrites every row once more);
 * - `staging`: COPY into an unlogged staging table, then one INSERT … SELECT that computes it (trigger off).
 * The set-based ones take the expression from the trigger function itself.
 */
export type SearchTextStrategy = 'trigger' | 'update' | 'staging';

export interface SeedLargeOptions {
  scale: LargeScale;
  today?: string;
  seed?: number;
  searchText?: SearchTextStrategy;
  verify?: boolean;
  log?: (message: string) => void;
}

export interface LargeSummary {
  scale: LargeScale['name'];
  today: string;
  seed: number;
  searchText: SearchTextStrategy;
  rows: Record<string, number>;
  /** Milliseconds per phase. */
  phases: Record<string, number>;
  indexMs: Record<string, number>;
  checks: CheckResult[];
  totalMs: number;
  /** Sign-in accounts of the chain (password demo1234). */
  accounts: { managers: string[]; chefs: string[]; regionals: string[] };
  firstChainLocationId: number;
}

/** Tables the bulk load writes; their secondary indexes and foreign keys are rebuilt afterwards. */
const BULK_TABLES = [
  'items',
  'item_distributors',
  'distributors',
  'locations',
  'users',
  'user_locations',
  'location_distributors',
  'order_guides',
  'order_guide_items',
  'location_items',
  'orders',
  'order_items',
  'carts',
  'cart_items',
  'shopping_lists',
  'shopping_list_items',
  ...(Object.keys(AREA_TABLE_COLUMNS) as AreaTable[]),
] as const;

const SERIAL_TABLES = [
  'items',
  'item_distributors',
  'locations',
  'users',
  'order_guides',
  'orders',
  'order_items',
  'cart_items',
  'shopping_lists',
  'shopping_list_items',
  ...AREA_SERIAL_TABLES,
  // Filled with their column defaults during COPY; listed so a later insert never collides.
  'inventory_snapshot_items',
  'recipe_ingredients',
  'merchant_accountings',
  'pos_sales',
  'pos_item_recipes',
];

async function maxId(db: Database, table: string): Promise<number> {
  const [row] = await queryRows<{ max: number | null }>(db, sql`SELECT max(id)::int AS max FROM ${sql.identifier(table)}`);
  return row.max ?? 0;
}

async function writeAll(writer: TableWriter, lines: Iterable<string>): Promise<number> {
  for (const line of lines) {
    const wait = writer.write(line);
    if (wait) await wait;
  }
  return writer.end();
}

function chainRows(chain: ChainPlan, passwordHash: string, openedAt: string) {
  return {
    distributors: {
      columns: ['id', 'nickname', 'website', 'timezone', 'is_dsr_editable', 'created_at'],
      rows: chain.distributors
        .filter((d) => !d.isDemo)
        .map((d) => copyRow([d.id, d.nickname, d.website, d.timezone, d.isDsrEditable, openedAt])),
    },
    locations: {
      columns: [
        'id',
        'company_id',
        'nickname',
        'timezone',
        'phone_number',
        'address',
        'city',
        'state',
        'zipcode',
        'can_place_order',
        'display_accounting',
        'display_recipe_costing',
        'display_comparison_view',
        'display_shopping_cart',
        'display_rebate',
        'display_match',
        'display_inventory',
        'created_at',
      ],
      rows: chain.locations.map((l) =>
        copyRow([
          l.id,
          1,
          l.nickname,
          l.timezone,
          l.phoneNumber,
          l.address,
          l.city,
          l.state,
          l.zipcode,
          l.canPlaceOrder,
          l.displayAccounting,
          l.displayRecipeCosting,
          l.displayComparisonView,
          l.displayShoppingCart,
          l.displayRebate,
          l.displayMatch,
          l.displayInventory,
          openedAt,
        ]),
      ),
    },
    users: {
      columns: [
        'id',
        'company_id',
        'email',
        'password_hash',
        'first_name',
        'last_name',
        'title',
        'role',
        'edit_comparison_view',
        'active_location_id',
        'is_active',
        'created_at',
      ],
      rows: chain.users.map((u) =>
        copyRow([
          u.id,
          1,
          u.email,
          passwordHash,
          u.firstName,
          u.lastName,
          u.title,
          'member',
          true,
          u.locationIds[0] ?? null,
          true,
          openedAt,
        ]),
      ),
    },
    user_locations: {
      columns: ['user_id', 'location_id'],
      rows: chain.users.flatMap((u) => u.locationIds.map((locationId) => copyRow([u.id, locationId]))),
    },
    location_distributors: {
      columns: [
        'location_id',
        'distributor_id',
        'customer_number',
        'min_order_amount',
        'skip_min_order',
        'is_min_order_amount_required',
        'accept_cc',
        'is_delivery',
        'delivery_weekdays',
        'payable_terms',
      ],
      rows: chain.accounts.map((a) =>
        copyRow([
          a.locationId,
          a.distributorId,
          a.customerNumber,
          (a.minOrderCents / 100).toFixed(2),
          a.skipMinOrder,
          a.isMinOrderAmountRequired,
          a.acceptCc,
          a.isDelivery,
          `{${a.deliveryWeekdays.join(',')}}`,
          a.payableTerms,
        ]),
      ),
    },
  };
}

async function timed<T>(
  phases: Record<string, number>,
  name: string,
  log: (m: string) => void,
  task: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const result = await task();
  phases[name] = Math.round(performance.now() - started);
  log(`${name}: ${(phases[name] / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Loads the large data set into an empty, migrated database: `db` (Drizzle) for the demo part and
 * the checks, `sink` (same database) for COPY. Throws if the database already holds data.
 */
export async function seedLarge(db: Database, sink: BulkSink, options: SeedLargeOptions): Promise<LargeSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const seed = options.seed ?? LARGE_SEED;
  const today = options.today ?? todayIn(DEMO_TIMEZONE);
  assertIsoDate(today, 'today');
  const { scale } = options;
  let strategy: SearchTextStrategy = options.searchText ?? 'staging';
  if (await isDatabaseSeeded(db))
    throw new Error('The database already holds data; the large set loads only into an empty database.');
  const phases: Record<string, number> = {};
  const rows: Record<string, number> = {};

  await timed(phases, 'demo data', log, () => seedDemo(db, { today }));
  const first = {
    item: (await maxId(db, 'items')) + 1,
    offer: (await maxId(db, 'item_distributors')) + 1,
    location: (await maxId(db, 'locations')) + 1,
    user: (await maxId(db, 'users')) + 1,
    orderGuide: (await maxId(db, 'order_guides')) + 1,
    order: (await maxId(db, 'orders')) + 1,
    orderItem: (await maxId(db, 'order_items')) + 1,
    cartItem: (await maxId(db, 'cart_items')) + 1,
    shoppingList: (await maxId(db, 'shopping_lists')) + 1,
    shoppingListItem: (await maxId(db, 'shopping_list_items')) + 1,
  };
  const areaIds = Object.fromEntries(
    await Promise.all(AREA_SERIAL_TABLES.map(async (table) => [table, (await maxId(db, table)) + 1] as const)),
  ) as AreaIds;

  const chain = planChain({
    locationCount: scale.locations,
    regionCount: scale.regions,
    firstLocationId: first.location,
    firstUserId: first.user,
  });
  const catalog: LargeCatalog = await timed(phases, 'generate catalogue', log, async () =>
    generateLargeCatalog({
      seed,
      targetOffers: scale.targetOffers,
      firstItemId: first.item,
      firstOfferId: first.offer,
      distributors: chain.distributors,
    }),
  );
  const passwordHash = await hash(DEMO_PASSWORD);
  const openedAt = instantOn(addDays(today, -800)).toISOString();

  const dropped = await timed(phases, 'drop indexes and foreign keys', log, () =>
    dropIndexesAndForeignKeys(sink.sql, BULK_TABLES),
  );

  const expression = strategy === 'trigger' ? null : await readSearchTextExpression(sink.sql);
  if (strategy !== 'trigger' && expression === null) {
    log('The search_text trigger changed shape; filling search_text with the trigger instead.');
    strategy = 'trigger';
  }

  await timed(phases, `catalogue COPY (search_text: ${strategy})`, log, async () => {
    const itemWriter = await sink.copy('items', ITEM_COLUMNS);
    await writeItems(catalog, itemWriter);
    rows.items = await itemWriter.end();
    if (strategy === 'trigger') {
      const offerWriter = await sink.copy('item_distributors', OFFER_COLUMNS);
      await writeOffers(catalog, offerWriter);
      rows.item_distributors = await offerWriter.end();
      return;
    }
    await sink.sql.query('ALTER TABLE item_distributors DISABLE TRIGGER item_distributors_search_text');
    try {
      if (strategy === 'update') {
        const offerWriter = await sink.copy('item_distributors', OFFER_COLUMNS);
        await writeOffers(catalog, offerWriter);
        rows.item_distributors = await offerWriter.end();
        await sink.sql.query(
          `UPDATE item_distributors d SET search_text = ${expression} FROM items i WHERE i.id = d.item_id AND d.id >= $1`,
          [first.offer],
        );
      } else {
        await sink.sql.query('DROP TABLE IF EXISTS large_seed_offers');
        await sink.sql.query('CREATE UNLOGGED TABLE large_seed_offers (LIKE item_distributors INCLUDING DEFAULTS)');
        await sink.sql.query('ALTER TABLE large_seed_offers DROP COLUMN search_vector, DROP COLUMN search_text');
        const offerWriter = await sink.copy('large_seed_offers', OFFER_COLUMNS);
        await writeOffers(catalog, offerWriter);
        rows.item_distributors = await offerWriter.end();
        const columns = OFFER_COLUMNS.join(', ');
        const selected = OFFER_COLUMNS.map((c) => `d.${c}`).join(', ');
        await sink.sql.query(
          `INSERT INTO item_distributors (${columns}, search_text)
           SELECT ${selected}, ${expression} FROM large_seed_offers d JOIN items i ON i.id = d.item_id ORDER BY d.id`,
        );
        await sink.sql.query('DROP TABLE large_seed_offers');
      }
    } finally {
      await sink.sql.query('ALTER TABLE item_distributors ENABLE TRIGGER item_distributors_search_text');
    }
  });

  await timed(phases, 'chain COPY (distributors, locations, users, accounts)', log, async () => {
    for (const [table, { columns, rows: lines }] of Object.entries(chainRows(chain, passwordHash, openedAt))) {
      rows[table] = await writeAll(await sink.copy(table, columns), lines);
    }
  });

  // The analytics triggers would mark every day of every loaded order, one join per COPY against
  // tables without their indexes: the aggregate is rebuilt from scratch after the load instead.
  for (const table of ANALYTICS_TRIGGERS) await sink.sql.query(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_analytics_insert`);
  const stocks = new Map<number, LocationStock>();
  await timed(phases, 'locations COPY (guides, items, orders, carts, lists)', log, async () => {
    const tables = Object.keys(LOCATION_TABLE_COLUMNS) as LocationTable[];
    const writers = Object.fromEntries(
      await Promise.all(tables.map(async (table) => [table, await sink.copy(table, LOCATION_TABLE_COLUMNS[table])] as const)),
    ) as Record<LocationTable, TableWriter>;
    const context: LocationContext = {
      seed,
      today,
      historyDays: scale.historyDays,
      catalog,
      chain,
      ids: {
        orderGuide: first.orderGuide,
        order: first.order,
        orderItem: first.orderItem,
        cartItem: first.cartItem,
        shoppingList: first.shoppingList,
        shoppingListItem: first.shoppingListItem,
      },
      writers,
      regionGuides: new Map(),
      counts: { orders: 0, orderItems: 0, locationItems: 0, punchedOut: 0, guideLines: 0, cartItems: 0 },
    };
    for (const location of chain.locations) {
      stocks.set(location.id, await writeLocation(context, location));
      if ((location.index + 1) % 50 === 0) log(`  ${location.index + 1} of ${chain.locations.length} locations`);
    }
    for (const table of tables) rows[table] = await writers[table].end();
    rows.punched_out = context.counts.punchedOut;
  });

  // A phase of its own: the COPY pool holds one phase's tables at a time.
  await timed(phases, 'areas COPY (inventory, counts, recipes, accounting, messages)', log, async () => {
    const tables = Object.keys(AREA_TABLE_COLUMNS) as AreaTable[];
    const writers = Object.fromEntries(
      await Promise.all(tables.map(async (table) => [table, await sink.copy(table, AREA_TABLE_COLUMNS[table])] as const)),
    ) as Record<AreaTable, TableWriter>;
    const context = { seed, today, historyDays: scale.historyDays, catalog, chain, ids: areaIds, writers };
    for (const location of chain.locations) await writeLocationAreas(context, location, stocks.get(location.id)!);
    for (const table of tables) rows[table] = await writers[table].end();
  });

  for (const table of ANALYTICS_TRIGGERS) await sink.sql.query(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_analytics_insert`);

  const { runners, close } = await sink.openRunners(2);
  try {
    const restored = await timed(phases, 'rebuild indexes and foreign keys', log, () =>
      restoreIndexesAndForeignKeys(runners, dropped, log),
    );
    await bumpSequences(sink.sql, SERIAL_TABLES);
    const checks =
      options.verify === false
        ? []
        : await timed(phases, 'verify against the demo rules', log, () =>
            verifyLargeData(runners[0], db, chain.locations[Math.min(7, chain.locations.length - 1)].id),
          );
    // The demo's receiving rules over every delivered order of the chain (issue 18): received
    // dates, invoice numbers, a rejected case and its credit on every seventh, open credits.
    await timed(phases, 'receiving state', log, () => seedReceiving(db));
    // After the checks: their rolled-back rewrites leave dead tuples and clear the visibility map,
    // which would turn the list's index-only scans into heap fetches until autovacuum came by.
    await timed(phases, 'vacuum analyze', log, () => vacuumAnalyze(runners, BULK_TABLES));
    // The place-order list's read model of every location, from the rows just loaded (the COPY
    // marked them all; the demo's locations were built by seedDemo and are rebuilt too). After the
    // statistics: without them the savings-match pairing of one location takes 40 s instead of 2.
    await timed(phases, 'list read model', log, () => rebuildAllReadModels(db));
    await timed(phases, 'vacuum analyze the read model', log, () => vacuumAnalyze(runners, READ_MODEL_TABLES));
    await timed(phases, 'analytics daily aggregate', log, () => rebuildAllAnalyticsDays(db));
    await timed(phases, 'vacuum analyze the analytics aggregate', log, () => vacuumAnalyze(runners, ANALYTICS_TABLES));
    // The suggested order's receipts and POS sales per day (issue 37, migration 0050): the load's writes marked them.
    await timed(phases, 'suggested-order history aggregates', log, () => refreshAllSuggestionDays(db));
    // The recipe list's stored costs (issue 17), at the prices just loaded.
    await timed(phases, 'recipe costs', log, () => refreshAllRecipeCosts(db, { force: true }));
    await timed(phases, 'vacuum analyze the recipe costs', log, () => vacuumAnalyze(runners, RECIPE_COST_TABLES));
    // The inventory view's stored pages (issue 15, migration 0028) start empty, with no location
    // marked: the load's COPYs marked every location they wrote, and a location's first read
    // computes its pages from the rows just loaded.
    await timed(phases, 'inventory view answers', log, () =>
      sink.sql.query('TRUNCATE inventory_view_answers, inventory_view_dirty'),
    );
    for (const table of ['items', 'item_distributors', 'location_items', 'order_guides', 'orders', 'order_items', 'cart_items']) {
      const [row] = await sink.sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
      rows[`total ${table}`] = row.count;
    }
    return {
      scale: scale.name,
      today,
      seed,
      searchText: strategy,
      rows,
      phases,
      indexMs: restored.indexMs,
      checks,
      totalMs: Math.round(performance.now() - started),
      accounts: {
        managers: chain.locations.map(
          (l) => chain.users.find((u) => u.locationIds[0] === l.id && u.title === 'General Manager')!.email,
        ),
        chefs: chain.locations.map((l) => chain.users.find((u) => u.locationIds[0] === l.id && u.title === 'Chef')!.email),
        regionals: chain.users.filter((u) => u.title.startsWith('Regional')).map((u) => u.email),
      },
      firstChainLocationId: first.location,
    };
  } finally {
    await close();
  }
}
