import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import * as schema from '@stockpot/db';

/**
 * The Citus step (docs/scaling.md, step 3) distributes every location-scoped table on location_id,
 * and Citus refuses a primary key or unique index of a distributed table that lacks that column.
 * This lists, from the schema, every key of a location-scoped table (one with location_id) that
 * lacks it: the work list of that step. The list below is today's; the test fails when a new table
 * or key adds to it (give the new key location_id instead) or when a key is fixed (remove it here).
 */
/** Tables with a location_id that stay reference tables (location-scoping.test.ts GLOBAL_TABLES gives why). */
const NOT_DISTRIBUTED: Record<string, true> = { admin_login_audits: true, order_guide_templates: true };

type KeyKind = 'primary key' | 'unique';

function columnNames(columns: unknown[]): string[] {
  return columns.map((column) => ((column as PgColumn).name ?? '(expression)') as string);
}

function keysLackingLocation(): string[] {
  const found: string[] = [];
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    if (NOT_DISTRIBUTED[config.name] || !config.columns.some((column) => column.name === 'location_id')) continue;
    const keys: { kind: KeyKind; columns: string[] }[] = [
      ...config.columns.filter((c) => c.primary).map((c) => ({ kind: 'primary key' as const, columns: [c.name] })),
      ...config.columns.filter((c) => c.isUnique).map((c) => ({ kind: 'unique' as const, columns: [c.name] })),
      ...config.primaryKeys.map((key) => ({ kind: 'primary key' as const, columns: columnNames(key.columns) })),
      ...config.uniqueConstraints.map((key) => ({ kind: 'unique' as const, columns: columnNames(key.columns) })),
      ...config.indexes
        .filter((index) => index.config.unique)
        .map((index) => ({ kind: 'unique' as const, columns: columnNames(index.config.columns) })),
    ];
    for (const key of keys) {
      if (!key.columns.includes('location_id')) found.push(`${config.name} ${key.kind} (${key.columns.join(', ')})`);
    }
  }
  return found.sort();
}

it('lists the keys of location-scoped tables that lack location_id (the Citus step-3 work list)', () => {
  const found = keysLackingLocation();
  console.log(`Keys Citus would refuse (${found.length}):\n${found.join('\n')}`);
  expect(found).toEqual(KNOWN_KEYS_WITHOUT_LOCATION);
});

/** Every one becomes (location_id, …) in step 3; ids stay unique through their sequences. */
const KNOWN_KEYS_WITHOUT_LOCATION: string[] = [
  'accounting_categories primary key (id)',
  'accounting_gl_codes primary key (id)',
  'accounting_suppliers primary key (id)',
  'cart_item_deletions primary key (cart_item_id)',
  'cart_items primary key (id)',
  'help_reports primary key (id)',
  'inventories primary key (id)',
  'inventory_count_history primary key (id)',
  'inventory_group_items primary key (id)',
  'inventory_group_items unique (group_id, item_distributor_id)',
  'inventory_groups primary key (id)',
  'inventory_groups unique (inventory_list_id, (expression))',
  'inventory_lists primary key (id)',
  'inventory_snapshot_items primary key (id)',
  'inventory_sync_batches primary key (id)',
  'invoice_import_batches primary key (id)',
  'invoice_import_files primary key (id)',
  'invoice_lines primary key (invoice_id, line_number)',
  'invoice_ocr_readings primary key (id)',
  'invoice_ocr_readings unique (invoice_image_id)',
  'invoices primary key (id)',
  'item_barcodes primary key (id)',
  'item_swaps primary key (id)',
  'location_messages primary key (id)',
  'merchant_accountings primary key (id)',
  'order_guide_items primary key (order_guide_id, item_distributor_id)',
  'order_guide_template_requests primary key (id)',
  'order_guide_uploads primary key (id)',
  'order_guides primary key (id)',
  'order_invoice_images primary key (id)',
  'order_items primary key (id)',
  'order_receiving_checks primary key (id)',
  'orders primary key (id)',
  'outbox_messages primary key (id)',
  'payment_methods primary key (id)',
  'payment_methods unique (token)',
  'pos_item_recipes primary key (id)',
  'pos_sales primary key (id)',
  'purchase_order_dispatches primary key (order_id)',
  'recipe_ingredients primary key (id)',
  'recipe_menu_categories primary key (id)',
  'recipes primary key (id)',
  'sales_reps primary key (id)',
  'shopping_list_items primary key (id)',
  'shopping_list_items unique (shopping_list_id, item_distributor_id)',
  'shopping_lists primary key (id)',
  'suggested_order_choices primary key (id)',
];
