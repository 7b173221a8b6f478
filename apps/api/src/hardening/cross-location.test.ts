/**
 * Cross-location matrix (issue 14 "Suites"): for every route of the OpenAPI document, a user of
 * location A (the chef, at Harbor Grill) who sends ids of location B (Harbor Catering, which the
 * chef is no member of) gets 404 and none of B's data, and B's rows stay as they were. A route
 * that is neither covered here nor exempted with a reason fails the suite, so new routes
 * (administrator routes too) must join it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { bearer, createTestApp, signInAs, type TestApp } from '../test-support/test-app';
import { findDate } from '../features/checkout/checkout-test-fixtures';
import { checkAnswer, listApiRoutes, type ApiRoute } from './hardening-support';

const GRILL = DEMO_IDS.locations.harborGrill;
const EXPRESS = DEMO_IDS.locations.harborGrillExpress;
const CATERING = DEMO_IDS.locations.harborCatering;
const CHEF = DEMO_IDS.users.chef;
const OWNER = DEMO_IDS.users.owner;
/** Every name of B's own rows carries it, so a leak shows in any answer. */
const MARK = 'ZQXB';

/** The ids of one location's data that routes take. */
interface LocationIds {
  locationId: number;
  listId: number;
  /** A second list, for the routes that delete one. */
  spareListId: number;
  /** An item on listId. */
  listItemId: number;
  /** An item of the location's catalogue (of a distributor only B buys from, for B). */
  itemId: number;
  cartLineId: number;
  orderId: number;
  /** A line of orderId. */
  orderItemId: number;
  /** An invoice image of orderId (a row only: its file is not in the store). */
  invoiceImageId: number;
  /** A batch of invoice files (issue 36), empty. */
  invoiceBatchId: number;
  /** An invoice of distributorId kept with no order (issue 36), waiting to be attached. */
  invoiceId: number;
  cardToken: string;
  spareCardToken: string;
  /** A distributor the location buys from (one only B buys from, for B). */
  distributorId: number;
  /** An inventory list, a spare one, a generic group of the list, a spare group, a linked item (its
   * item-distributor id and row id) and a custom item (row id) of the group. */
  inventoryListId: number;
  spareInventoryListId: number;
  groupId: number;
  spareGroupId: number;
  groupOfferId: number;
  groupItemId: number;
  customItemId: number;
  /** A sales rep of that distributor at the location. */
  repId: number;
  /** One of the location's order guides, and one of its order guide uploads. */
  guideId: number;
  uploadId: number;
  /** A location message (doc 3 §4 "Messages"). */
  messageId: number;
  /** A completed inventory of the location (with a snapshot of its group item). */
  inventoryId: number;
  /** An accounting supplier of the location and the accounting record of itemId. */
  accountingSupplierId: number;
  accountingId: number;
  /** Recipe costing: a menu category and a spare, a recipe with an ingredient, a spare recipe, a sub-recipe. */
  menuCategoryId: number;
  spareMenuCategoryId: number;
  recipeId: number;
  spareRecipeId: number;
  ingredientId: number;
  subRecipeId: number;
  /** The sub-recipe linked into the inventory group (group item row id). */
  subRecipeItemId: number;
  /** A menu item sold at the point of sale on POS_DAY, assigned to recipeId. */
  posItemName: string;
}

const POS_DAY = '2025-06-01';

let t: TestApp;
let chef: string;
let owner: string;
const A = {} as LocationIds;
const B = {} as LocationIds;
const db = () => t.handle.db;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db(), query);
  if (!row) throw new Error('set-up query found nothing');
  return row;
}

/** Copies one row of a table with some columns changed (generated columns and, unless given, id left to the table). */
async function copyRow(table: string, where: ReturnType<typeof sql>, changes: Record<string, unknown>): Promise<void> {
  const columns = (
    await queryRows<{ name: string }>(
      db(),
      sql`SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER'
            AND (column_default IS NULL OR column_default NOT LIKE 'nextval%' OR column_name IN (${sql.join(
              Object.keys(changes).map((k) => sql`${k}`),
              sql`, `,
            )}))
          ORDER BY ordinal_position`,
    )
  ).map((c) => c.name);
  const values = columns.map((c) => (c in changes ? sql`${changes[c]}` : sql.raw(`"${c}"`)));
  await db().execute(
    sql`INSERT INTO ${sql.raw(`"${table}"`)} (${sql.raw(columns.map((c) => `"${c}"`).join(', '))})
        SELECT ${sql.join(values, sql`, `)} FROM ${sql.raw(`"${table}"`)} WHERE ${where} LIMIT 1`,
  );
}

async function tokenizeCard(number: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/payment-gateway/test/tokens',
    payload: { number, exp_month: 12, exp_year: 2034, cvc: '123', address_zip: '02110' },
  });
  if (response.statusCode !== 200) throw new Error(`tokenise: ${response.body}`);
  return response.json().id as string;
}

async function addCard(locationId: number, nickname: string): Promise<string> {
  const token = await tokenizeCard('4242424242424242');
  await db().execute(
    sql`INSERT INTO payment_methods (location_id, gateway, token, card_type, last4, exp_month, exp_year, address1, city, state, zip, nickname)
        VALUES (${locationId}, 'test', ${token}, 'visa', '4242', 12, 2034, '1 Main Street', 'Boston', 'MA', '02110', ${nickname})`,
  );
  return token;
}

async function createList(token: string, name: string, itemId: number): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/shopping-lists',
    headers: bearer(token),
    payload: { name, itemList: [{ itemDistributorId: itemId }] },
  });
  if (response.statusCode !== 201) throw new Error(`create list: ${response.body}`);
  return response.json().data.id as number;
}

async function switchLocation(token: string, userId: number, locationId: number) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${userId}`,
    headers: bearer(token),
    payload: { id: userId, active_location_id: locationId },
  });
}

/** A fingerprint of every row of B: any write through A's session changes it. */
async function fingerprintB(): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db(),
    sql`SELECT table_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'location_id' ORDER BY table_name`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ hash: string | null }>(
      db(),
      sql`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS hash FROM ${sql.raw(`"${name}"`)} t WHERE location_id = ${CATERING}`,
    );
    result[name] = row.hash ?? '';
  }
  return result;
}

/** An order guide upload row of the location (as front-upload leaves it), without a file. */
async function insertUpload(locationId: number, distributorId: number): Promise<number> {
  const row = await one<{ id: number }>(
    sql`INSERT INTO order_guide_uploads (location_id, distributor_id, merchant_ids, start_date, end_date, file_name, stored_as, file_kind, template_key, status)
        VALUES (${locationId}, ${distributorId}, ${`{${locationId}}`}::int[], current_date, current_date + 7, ${`${MARK}.csv`}, 'none.csv', 'csv', 'sysco-csv', 'applied')
        RETURNING id`,
  );
  return row.id;
}

/** A multipart body with a Sysco order guide for the distributor and locations given. */
function guideForm(ids: LocationIds, fields: Record<string, string>): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = '----stockpotcrosslocation';
  const csv = 'F,SUPC,Pack,Size,Unit,Brand,Desc,Case $\r\nP,PROBE-1,1,1LB,CS,House,Probe item,1.00\r\n';
  const parts = Object.entries({ distributor_id: String(ids.distributorId), ...fields }).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="g.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return { payload: parts.join(''), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart body with an accounting bulk-upload CSV tagging the location's item. */
function accountingUploadForm(ids: LocationIds): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = '----stockpotcrosslocationaccounting';
  const csv = `Item ID,Supplier\r\n${ids.itemId},Probe Supplier\r\n`;
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tags.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An accounting supplier of the location and its item tagged with it. */
async function addAccounting(ids: LocationIds, name: string): Promise<void> {
  ids.accountingSupplierId = (
    await one<{ id: number }>(
      sql`INSERT INTO accounting_suppliers (location_id, name) VALUES (${ids.locationId}, ${name}) RETURNING id`,
    )
  ).id;
  ids.accountingId = (
    await one<{ id: number }>(
      sql`INSERT INTO merchant_accountings (location_id, item_distributor_id, supplier_id) VALUES (${ids.locationId}, ${ids.itemId}, ${ids.accountingSupplierId})
          ON CONFLICT (location_id, item_distributor_id) DO UPDATE SET supplier_id = EXCLUDED.supplier_id RETURNING id`,
    )
  ).id;
}

const todayInNewYork = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

beforeAll(async () => {
  t = await createTestApp();
  chef = await signInAs(t.app, 'chef@demo.test');
  owner = await signInAs(t.app, 'owner@demo.test');
  // The chef's other location costs recipes here, so a copy to it can succeed (issue 34 refuses a
  // copy to a location without recipe costing) and the copy probes prove something.
  await db().execute(sql`UPDATE locations SET display_recipe_costing = true WHERE id = ${EXPRESS}`);

  // B: a distributor only Harbor Catering buys from, with one item on Catering's guide.
  const template = await one<{ distributor_id: number; item_distributor_id: number }>(
    sql`SELECT d.distributor_id, li.item_distributor_id FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ${CATERING} AND NOT li.is_punched_out AND d.status = 'active' AND NOT d.is_unpurchasable
        ORDER BY li.item_distributor_id LIMIT 1`,
  );
  B.distributorId = 9_101;
  B.itemId = 91_010_001;
  await copyRow('distributors', sql`id = ${template.distributor_id}`, {
    id: B.distributorId,
    nickname: `${MARK} Catering Supply`,
  });
  await copyRow('location_distributors', sql`location_id = ${CATERING} AND distributor_id = ${template.distributor_id}`, {
    distributor_id: B.distributorId,
  });
  await copyRow('item_distributors', sql`id = ${template.item_distributor_id}`, {
    id: B.itemId,
    distributor_id: B.distributorId,
    din: `${MARK}-0001`,
    description: `${MARK} catering-only item`,
  });
  await copyRow('location_items', sql`location_id = ${CATERING} AND item_distributor_id = ${template.item_distributor_id}`, {
    item_distributor_id: B.itemId,
  });

  // B's list, cart, order and card, made as its owner would.
  expect((await switchLocation(owner, OWNER, CATERING)).statusCode).toBe(200);
  B.locationId = CATERING;
  B.listId = await createList(owner, `${MARK} catering list`, B.itemId);
  B.spareListId = await createList(owner, `${MARK} spare list`, B.itemId);
  B.listItemId = B.itemId;
  B.cartLineId = (
    await one<{ id: number }>(
      sql`INSERT INTO cart_items (location_id, item_distributor_id, quantity) VALUES (${CATERING}, ${B.itemId}, 2) RETURNING id`,
    )
  ).id;
  await db().execute(
    sql`INSERT INTO cart_items (location_id, quantity, special_distributor_id, special_description, special_uom)
        VALUES (${CATERING}, 1, ${B.distributorId}, ${`${MARK} special request`}, 'case')`,
  );
  const cateringOrder = await queryRows<{ id: number }>(db(), sql`SELECT id FROM orders WHERE location_id = ${CATERING} LIMIT 1`);
  if (cateringOrder.length) B.orderId = cateringOrder[0].id;
  else {
    const grillOrder = await one<{ id: number }>(sql`SELECT min(id) AS id FROM orders WHERE location_id = ${GRILL}`);
    B.orderId = 91_019_001;
    await copyRow('orders', sql`id = ${grillOrder.id}`, {
      id: B.orderId,
      location_id: CATERING,
      distributor_id: B.distributorId,
    });
  }
  await db().execute(sql`UPDATE orders SET notes = ${`${MARK} order notes`} WHERE id = ${B.orderId}`);
  B.repId = (
    await one<{ id: number }>(
      sql`INSERT INTO sales_reps (location_id, distributor_id, name, email) VALUES (${CATERING}, ${B.distributorId}, ${`${MARK} rep`}, 'rep@zqxb.example') RETURNING id`,
    )
  ).id;
  B.guideId = (await one<{ id: number }>(sql`SELECT max(id) AS id FROM order_guides WHERE location_id = ${CATERING}`)).id;
  B.uploadId = await insertUpload(CATERING, B.distributorId);
  B.cardToken = await addCard(CATERING, `${MARK} card`);
  B.spareCardToken = await addCard(CATERING, `${MARK} spare card`);
  B.messageId = (
    await one<{ id: number }>(
      sql`INSERT INTO location_messages (location_id, message) VALUES (${CATERING}, ${`${MARK} catering message`}) RETURNING id`,
    )
  ).id;
  A.messageId = (
    await one<{ id: number }>(
      sql`INSERT INTO location_messages (location_id, message) VALUES (${GRILL}, 'Grill message') RETURNING id`,
    )
  ).id;

  // A: the chef's own data at Harbor Grill, for the control requests that must succeed.
  A.locationId = GRILL;
  A.distributorId = DEMO_IDS.distributors.harborline;
  A.itemId = (
    await one<{ id: number }>(
      sql`SELECT li.item_distributor_id AS id FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
          WHERE li.location_id = ${GRILL} AND d.distributor_id = ${A.distributorId} AND NOT li.is_punched_out AND d.status = 'active'
            AND NOT d.is_unpurchasable ORDER BY li.item_distributor_id LIMIT 1`,
    )
  ).id;
  A.listId = await createList(chef, 'Grill list', A.itemId);
  A.spareListId = await createList(chef, 'Grill spare list', A.itemId);
  A.listItemId = A.itemId;
  A.cartLineId = (
    await one<{ id: number }>(
      sql`INSERT INTO cart_items (location_id, item_distributor_id, quantity) VALUES (${GRILL}, ${A.itemId}, 2) RETURNING id`,
    )
  ).id;
  A.orderId = (await one<{ id: number }>(sql`SELECT max(id) AS id FROM orders WHERE location_id = ${GRILL}`)).id;
  for (const ids of [A, B]) {
    const [line] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT min(id) AS id FROM order_items WHERE order_id = ${ids.orderId}`,
    );
    ids.orderItemId =
      line?.id ??
      (
        await one<{ id: number }>(
          sql`INSERT INTO order_items (order_id, location_id, description, quantity, price)
              VALUES (${ids.orderId}, ${ids.locationId}, ${`${MARK} order line`}, 2, 10) RETURNING id`,
        )
      ).id;
    ids.invoiceImageId = (
      await one<{ id: number }>(
        sql`INSERT INTO order_invoice_images (location_id, order_id, storage_path, file_name, content_type, byte_size)
            VALUES (${ids.locationId}, ${ids.orderId}, ${`invoices/${ids.locationId}/${ids.orderId}/missing.png`},
                    ${ids === B ? `${MARK}-invoice.png` : 'invoice.png'}, 'image/png', 10) RETURNING id`,
      )
    ).id;
    ids.invoiceBatchId = (
      await one<{ id: number }>(sql`INSERT INTO invoice_import_batches (location_id) VALUES (${ids.locationId}) RETURNING id`)
    ).id;
    ids.invoiceId = (
      await one<{ id: number }>(
        sql`INSERT INTO invoices (location_id, distributor_id, order_id, invoice_number, invoice_date, format, matched_by, total, file_name)
            VALUES (${ids.locationId}, ${ids.distributorId}, NULL, ${ids === B ? `${MARK}-INV-1` : 'INV-1'}, '2026-11-20', 'x12-810',
                    'none', 1.00, ${ids === B ? `${MARK}-invoice.edi` : 'invoice.edi'}) RETURNING id`,
      )
    ).id;
    // Its reading, failed: a photo still waiting for its electronic invoice (GET invoices/waiting names the file).
    await db().execute(
      sql`INSERT INTO invoice_ocr_readings (location_id, order_id, invoice_image_id, status, progress, error)
          VALUES (${ids.locationId}, ${ids.orderId}, ${ids.invoiceImageId}, 'failed', 100, 'unreadable')`,
    );
  }
  A.cardToken = await addCard(GRILL, 'Grill card');
  A.spareCardToken = await addCard(GRILL, 'Grill spare card');

  // Inventory view data of both, written directly (the chef may not edit the view's structure).
  await addInventory(A, 'Grill');
  await addInventory(B, MARK);
  await addRecipes(A, 'Grill');
  await addRecipes(B, MARK);
  A.repId = (
    await one<{ id: number }>(
      sql`SELECT id FROM sales_reps WHERE location_id = ${GRILL} AND distributor_id = ${A.distributorId} ORDER BY id LIMIT 1`,
    )
  ).id;
  A.guideId = (await one<{ id: number }>(sql`SELECT max(id) AS id FROM order_guides WHERE location_id = ${GRILL}`)).id;
  A.uploadId = await insertUpload(GRILL, A.distributorId);
  await addAccounting(A, 'Grill accounting supplier');
  await addAccounting(B, `${MARK} accounting supplier`);
  // Migrating, seeding and setting up B is slow on a busy machine.
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** An inventory list with a spare, a group with a spare, the location's item linked and a custom item. */
async function addInventory(ids: LocationIds, mark: string): Promise<void> {
  const list = async (name: string) =>
    (
      await one<{ id: number }>(
        sql`INSERT INTO inventory_lists (location_id, name) VALUES (${ids.locationId}, ${name}) RETURNING id`,
      )
    ).id;
  ids.inventoryListId = await list(`${mark} inventory list`);
  ids.spareInventoryListId = await list(`${mark} spare inventory list`);
  const group = async (name: string, sort: number) =>
    (
      await one<{ id: number }>(
        sql`INSERT INTO inventory_groups (location_id, inventory_list_id, name, sort)
            VALUES (${ids.locationId}, ${ids.inventoryListId}, ${name}, ${sort}) RETURNING id`,
      )
    ).id;
  ids.groupId = await group(`${mark} group`, 0);
  ids.spareGroupId = await group(`${mark} spare group`, 1);
  ids.groupOfferId = ids.itemId;
  ids.groupItemId = (
    await one<{ id: number }>(
      sql`INSERT INTO inventory_group_items (location_id, group_id, kind, item_distributor_id)
          VALUES (${ids.locationId}, ${ids.groupId}, 'item', ${ids.itemId}) RETURNING id`,
    )
  ).id;
  ids.customItemId = (
    await one<{ id: number }>(
      sql`INSERT INTO inventory_group_items (location_id, group_id, kind, description, distributor_name, unit_measure, price, custom_pack_size)
          VALUES (${ids.locationId}, ${ids.groupId}, 'custom', ${`${mark} custom item`}, ${`${mark} market`}, 'CS', 10, '1/10 LB') RETURNING id`,
    )
  ).id;
  ids.inventoryId = (
    await one<{ id: number }>(
      sql`INSERT INTO inventories (location_id, status, start_date, completed_date, total_on_hand_value)
          VALUES (${ids.locationId}, 'completed', current_date - 2, current_date - 1, 10) RETURNING id`,
    )
  ).id;
  await db().execute(
    sql`INSERT INTO inventory_snapshot_items (location_id, inventory_id, group_item_id, list_id, list_name, list_sort, group_id,
          group_name, group_sort, item_sort, description, distributor, price, unit_measure, pack_size, pack_size_uom, unit_quantity,
          unit_size, on_hand, on_hand_pack, on_hand_uom, total_on_hand, total_on_hand_amount)
        VALUES (${ids.locationId}, ${ids.inventoryId}, ${ids.customItemId}, ${ids.inventoryListId}, ${`${mark} inventory list`}, 0,
          ${ids.groupId}, ${`${mark} group`}, 0, 0, ${`${mark} custom item`}, ${`${mark} market`}, 10, 'CS', '1/10 LB', 'LB', 1, 10,
          1, 0, 0, 1, 10)`,
  );
}

/** Recipe costing data: categories, recipes (one with an item ingredient), a sub-recipe. */
async function addRecipes(ids: LocationIds, mark: string): Promise<void> {
  const category = async (name: string) =>
    (
      await one<{ id: number }>(
        sql`INSERT INTO recipe_menu_categories (location_id, name) VALUES (${ids.locationId}, ${name}) RETURNING id`,
      )
    ).id;
  ids.menuCategoryId = await category(`${mark} menu`);
  ids.spareMenuCategoryId = await category(`${mark} spare menu`);
  const recipe = async (name: string, isSub: boolean) =>
    (
      await one<{ id: number }>(
        sql`INSERT INTO recipes (location_id, menu_category_id, name, price, is_sub_recipe, sub_recipe_yield, sub_recipe_yield_uom)
            VALUES (${ids.locationId}, ${ids.menuCategoryId}, ${name}, ${isSub ? null : '12.00'}::numeric, ${isSub},
                    ${isSub ? '1' : null}, ${isSub ? 'qt' : null}) RETURNING id`,
      )
    ).id;
  ids.recipeId = await recipe(`${mark} recipe`, false);
  ids.spareRecipeId = await recipe(`${mark} spare recipe`, false);
  ids.subRecipeId = await recipe(`${mark} sub-recipe`, true);
  ids.subRecipeItemId = (
    await one<{ id: number }>(
      sql`INSERT INTO inventory_group_items (location_id, group_id, kind, sub_recipe_id)
          VALUES (${ids.locationId}, ${ids.groupId}, 'subrecipe', ${ids.subRecipeId}) RETURNING id`,
    )
  ).id;
  ids.ingredientId = (
    await one<{ id: number }>(
      sql`INSERT INTO recipe_ingredients (location_id, recipe_id, ingredient_type, item_distributor_id, recipe_amount, recipe_amount_fraction, conversion_pack_size_uom)
          VALUES (${ids.locationId}, ${ids.recipeId}, 'item', ${ids.itemId}, 1, '1', 'case') RETURNING id`,
    )
  ).id;
  // Point of sale: a day of sales of a menu item assigned to the recipe, on a day both locations sold.
  ids.posItemName = `${mark} burger`;
  await db().execute(
    sql`INSERT INTO pos_sales (location_id, business_date, item_name, pos_category, quantity_sold, quantity_void, amount)
        VALUES (${ids.locationId}, ${POS_DAY}::date, ${ids.posItemName}, ${`${mark} mains`}, 3, 0, 36.00)`,
  );
  await db().execute(
    sql`INSERT INTO pos_item_recipes (location_id, item_name, recipe_id) VALUES (${ids.locationId}, ${ids.posItemName}, ${ids.recipeId})`,
  );
}

const ingredientBody = (ids: LocationIds) => ({
  ingredient_type: 'item',
  ingredient_id: ids.itemId,
  recipe_amount_fraction: '1',
  recipe_pack_size_uom: 'case',
  conversion_pack_size_uom: 'case',
  recipe_pack_size_fraction: '1',
  conversion_pack_size_fraction: '1',
});

type Request = (ids: LocationIds) => InjectOptions;

/**
 * How a route is covered. `foreign`: requests that name ids of a location (run with A's ids they
 * must succeed, with B's they must answer 404); `control: false` when A's own request cannot
 * succeed by design. `listing`: a read of the active location's data, which must hold nothing of B.
 * `exempt`: why the route takes no location-scoped id.
 */
type Coverage =
  | { foreign: { name: string; request: Request; control?: boolean; refusal?: { statuses: number[]; reason: string } }[] }
  | { listing: { name: string; request: Request; acceptNotFound?: boolean }[] }
  | { exempt: string };

const v1 = (path: string) => `/api/v1${path}`;
const as = (method: InjectOptions['method'], url: string, payload?: unknown): InjectOptions => ({
  method,
  url,
  ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
});

const orderBody = (ids: LocationIds, itemList: unknown[]) => ({
  payment_token: null,
  paymentType: 'terms',
  // Harborline delivers Monday, Wednesday and Friday to Harbor Grill: the date is right, the ids are not.
  requestedDeliveryDate: findDate([1, 3, 5]),
  distributorId: ids.distributorId,
  itemList: JSON.stringify(itemList),
  isSameDayDeliveryFee: 0,
  notes: '',
  productPrice: 0,
  requestedDeliveryTime: '',
  skipOrderMinimum: 0,
  timezone: 'America/New_York',
});

const COVERAGE: Record<string, Coverage> = {
  // Recipe costing (doc 2 §7 "Recipes")
  'GET /api/v1/recipe-menu-category': {
    listing: [{ name: "the location's menu categories", request: () => as('GET', v1('/recipe-menu-category')) }],
  },
  'POST /api/v1/recipe-menu-category': { exempt: "creates a menu category in the caller's active location; takes no id" },
  'PATCH /api/v1/recipe-menu-category/{id}': {
    foreign: [
      {
        name: 'rename a menu category',
        request: (ids) => as('PATCH', v1(`/recipe-menu-category/${ids.menuCategoryId}`), { name: 'Grill menu' }),
      },
    ],
  },
  'DELETE /api/v1/recipe-menu-category/{id}': {
    foreign: [
      { name: 'delete a menu category', request: (ids) => as('DELETE', v1(`/recipe-menu-category/${ids.spareMenuCategoryId}`)) },
    ],
  },
  'GET /api/v1/recipe': {
    listing: [
      { name: "the location's recipes", request: () => as('GET', v1('/recipe?expand=menu,posQuantitySold&limit=10000')) },
    ],
  },
  'POST /api/v1/recipe': {
    foreign: [
      {
        name: "create a recipe in another location's menu category",
        request: (ids) =>
          as('POST', v1('/recipe'), { name: 'Probe recipe', recipe_menu_category_id: ids.menuCategoryId, price: 5 }),
      },
    ],
  },
  'GET /api/v1/recipe/search-ingredients': {
    listing: [
      { name: 'item candidates', request: () => as('GET', v1('/recipe/search-ingredients?type=item&search=')) },
      { name: 'generic candidates', request: () => as('GET', v1('/recipe/search-ingredients?type=generic&search=')) },
      { name: 'sub-recipe candidates', request: () => as('GET', v1('/recipe/search-ingredients?type=subrecipe&search=')) },
    ],
  },
  'GET /api/v1/recipe/print': {
    foreign: [{ name: 'where to print recipes', request: (ids) => as('GET', v1(`/recipe/print?recipes=${ids.recipeId}`)) }],
  },
  'GET /api/v1/recipe/print.pdf': {
    foreign: [{ name: 'print recipes', request: (ids) => as('GET', v1(`/recipe/print.pdf?recipes=${ids.recipeId}`)) }],
  },
  'GET /api/v1/recipe/{id}': {
    foreign: [{ name: 'read a recipe', request: (ids) => as('GET', v1(`/recipe/${ids.recipeId}`)) }],
  },
  'PATCH /api/v1/recipe/{id}': {
    foreign: [{ name: "edit a recipe's price", request: (ids) => as('PATCH', v1(`/recipe/${ids.recipeId}`), { price: 12 }) }],
  },
  'DELETE /api/v1/recipe/{id}': {
    foreign: [{ name: 'delete a recipe', request: (ids) => as('DELETE', v1(`/recipe/${ids.spareRecipeId}`)) }],
  },
  'POST /api/v1/recipe/{id}/duplicate': {
    foreign: [{ name: 'duplicate a recipe', request: (ids) => as('POST', v1(`/recipe/${ids.recipeId}/duplicate`)) }],
  },
  'GET /api/v1/recipe/item/{id}/genericItem/{itemId}': {
    foreign: [
      {
        name: "a generic group's linked catalogue item",
        request: (ids) => as('GET', v1(`/recipe/item/${ids.groupId}/genericItem/${ids.groupItemId}`)),
      },
    ],
  },
  'GET /api/v1/recipe/item/{id}/genericCustomItem/{itemId}': {
    foreign: [
      {
        name: "a generic group's linked custom item",
        request: (ids) => as('GET', v1(`/recipe/item/${ids.groupId}/genericCustomItem/${ids.customItemId}`)),
      },
    ],
  },
  'POST /api/v1/recipe/{id}/copy-to-location/{locationId}': {
    foreign: [
      {
        name: "copy another location's recipe to the chef's other location",
        request: (ids) => as('POST', v1(`/recipe/${ids.recipeId}/copy-to-location/${EXPRESS}`)),
      },
      {
        name: 'copy a recipe to a location the chef is no member of',
        request: (ids) => as('POST', v1(`/recipe/${A.recipeId}/copy-to-location/${ids.locationId}`)),
        control: false,
      },
    ],
  },
  'POST /api/v1/recipe/{id}/ingredient': {
    foreign: [
      {
        name: "add another location's item to a recipe",
        request: (ids) => as('POST', v1(`/recipe/${A.recipeId}/ingredient`), ingredientBody(ids)),
      },
      {
        name: "add another location's sub-recipe",
        request: (ids) =>
          as('POST', v1(`/recipe/${A.recipeId}/ingredient`), {
            ingredient_type: 'subrecipe',
            ingredient_id: ids.subRecipeId,
            recipe_amount_fraction: '1',
            recipe_pack_size_uom: 'qt',
          }),
      },
      {
        name: "add another location's generic group",
        request: (ids) =>
          as('POST', v1(`/recipe/${A.recipeId}/ingredient`), {
            ingredient_type: 'generic',
            ingredient_id: ids.groupId,
            recipe_amount_fraction: '1',
            recipe_pack_size_uom: 'lb',
          }),
      },
      {
        name: "add an ingredient to another location's recipe",
        request: (ids) => as('POST', v1(`/recipe/${ids.recipeId}/ingredient`), ingredientBody(A)),
        control: false,
      },
    ],
  },
  'PATCH /api/v1/recipe/{id}/ingredient/{ingredientId}': {
    foreign: [
      {
        name: "change another location's ingredient",
        request: (ids) => as('PATCH', v1(`/recipe/${ids.recipeId}/ingredient/${ids.ingredientId}`), ingredientBody(ids)),
      },
    ],
  },
  'DELETE /api/v1/recipe/{id}/ingredient/{ingredientId}': {
    foreign: [
      {
        name: "remove another location's ingredient",
        request: (ids) => as('DELETE', v1(`/recipe/${ids.recipeId}/ingredient/${ids.ingredientId}`)),
      },
    ],
  },
  // The first run's checklist (issue 31)
  'GET /api/v1/getting-started': {
    listing: [
      { name: "the location's distributors and Get started checklist", request: () => as('GET', v1('/getting-started')) },
    ],
  },
  // Point of sale (doc 2 §7 "POS")
  'GET /api/v1/pos': { listing: [{ name: "the location's days of sales", request: () => as('GET', v1('/pos?limit=400')) }] },
  'GET /api/v1/pos/detail/{date}': {
    listing: [{ name: "a day's sold menu items", request: () => as('GET', v1(`/pos/detail/${POS_DAY}`)) }],
  },
  'GET /api/v1/pos/food-cost': {
    listing: [
      {
        name: 'theoretical vs actual food cost',
        request: () => as('GET', v1(`/pos/food-cost?bgn_date=${POS_DAY}&end_date=${POS_DAY}`)),
      },
    ],
  },
  'POST /api/v1/pos/assign-recipe': {
    foreign: [
      {
        name: "assign a menu item to another location's recipe",
        request: (ids) =>
          as('POST', v1('/pos/assign-recipe'), { item_name: A.posItemName, recipe_id: ids.recipeId, force: true }),
      },
      {
        name: "assign another location's menu item",
        request: (ids) =>
          as('POST', v1('/pos/assign-recipe'), { item_name: ids.posItemName, recipe_id: A.recipeId, force: true }),
      },
    ],
  },
  'POST /api/v1/pos/import': {
    exempt: "imports a sales file into the caller's active location; takes no id (pos.test.ts covers it)",
  },
  'POST /api/v1/invoices/import': {
    exempt:
      "imports an invoice against an order of the caller's active location only; a PO number naming another location's order matches nothing (invoices.test.ts covers it)",
  },
  'GET /api/v1/invoices/waiting': {
    listing: [
      { name: "the location's invoices still waiting for a copy or an order", request: () => as('GET', v1('/invoices/waiting')) },
    ],
  },
  'POST /api/v1/invoices/waiting/photos/{imageId}/dismiss': {
    foreign: [
      {
        name: "dismiss another location's waiting photo",
        request: (ids) => as('POST', v1(`/invoices/waiting/photos/${ids.invoiceImageId}/dismiss`)),
      },
    ],
  },
  'POST /api/v1/invoices/import-batches': {
    exempt: "opens a batch of invoice files in the caller's active location; takes no id (invoice-batch.test.ts covers it)",
  },
  'POST /api/v1/invoices/import-batches/{id}/files': {
    foreign: [
      {
        name: 'add an invoice file to a batch',
        request: (ids) => {
          const boundary = 'crosslocationinvoice';
          return {
            method: 'POST',
            url: v1(`/invoices/import-batches/${ids.invoiceBatchId}/files`),
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
            payload:
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="i.csv"\r\nContent-Type: text/csv\r\n\r\n` +
              `Invoice Number,Invoice Date,Item Number,Description,Quantity Shipped,Unit Price,Extended Price\r\n` +
              `X-1,2026-11-20,1,Salt,1,1.00,1.00\r\n--${boundary}--\r\n`,
          };
        },
      },
    ],
  },
  'GET /api/v1/invoices/import-batches/{id}': {
    foreign: [{ name: "a batch's progress", request: (ids) => as('GET', v1(`/invoices/import-batches/${ids.invoiceBatchId}`)) }],
  },
  'POST /api/v1/invoices/{id}/attach': {
    foreign: [
      {
        name: 'attach an invoice matched to no order to an order',
        request: (ids) => as('POST', v1(`/invoices/${ids.invoiceId}/attach`), { orderId: ids.orderId }),
        // A's order may be of another distributor than A's invoice, and attaching would receive it: the 404 of B's is checked.
        control: false,
      },
    ],
  },
  'GET /api/v1/invoices/address': {
    exempt: "the caller's active location's invoice e-mail address; takes no id (invoice-mail.test.ts covers it)",
  },
  'GET /api/health': { exempt: 'public health check, no session and no data' },
  'POST /api/v1/authenticate': { exempt: 'public sign-in; takes no location id (auth suites cover it)' },
  'POST /api/v1/authenticate/unlock': { exempt: 'public sign-in with a mailed unlock token; takes no location id' },
  'POST /api/v1/users/request-password-reset': { exempt: 'public forgot password; takes an e-mail, no location id' },
  'POST /api/v1/users/reset-password': { exempt: 'public reset with a mailed token; takes no location id' },
  'POST /api/v1/sign-up': {
    exempt: 'public sign-up; creates new locations of its own and takes no existing location id (signup.test.ts covers it)',
  },
  'GET /api/v1/sign-up/distributors': {
    exempt: 'public distributor search of the sign-up wizard; the platform-wide distributor list, no location data',
  },
  'GET /api/v1/locations/all': {
    exempt: 'administrators only (every location by design); a member gets 403, admin.test.ts covers it',
  },
  'GET /api/v1/locations/users/{id}': {
    exempt: "administrators only (any location's users by design); a member gets 403, admin.test.ts covers it",
  },
  'POST /api/v1/users/merchant-login': {
    exempt: 'administrators only (login-as any location, audited); a member gets 403, admin.test.ts covers it',
  },
  'POST /api/v1/contacts/help': {
    listing: [
      {
        name: 'a help report, stored for the active location only',
        request: () => as('POST', v1('/contacts/help'), { message: 'The cart does not load.' }),
      },
    ],
  },
  'GET /api/v1/users/get-message': {
    foreign: [
      {
        name: "a location's unread messages",
        request: (ids) => as('GET', v1(`/users/get-message?merchant_id=${ids.locationId}`)),
      },
    ],
  },
  'POST /api/v1/users/read-message': {
    foreign: [
      { name: 'mark a location message read', request: (ids) => as('POST', v1('/users/read-message'), { ids: [ids.messageId] }) },
    ],
  },
  'GET /api/v1/users/get-broadcast-message': {
    foreign: [
      {
        name: 'broadcasts asked for under a location',
        request: (ids) => as('GET', v1(`/users/get-broadcast-message?merchant_id=${ids.locationId}`)),
      },
    ],
  },
  'POST /api/v1/users/read-broadcast-message': {
    exempt: "broadcasts are platform-wide (no location); marks only the caller's own read, messages.test.ts covers it",
  },
  'POST /api/v1/users/logout': { exempt: "ends the caller's own session; takes no id" },
  'GET /api/v1/users/current-user': {
    listing: [{ name: "the caller's user and locations", request: () => as('GET', v1('/users/current-user')) }],
  },
  'PUT /api/v1/users/{id}': {
    foreign: [
      {
        name: 'switch the active location to a location of the caller or not',
        request: (ids) => as('PUT', v1(`/users/${CHEF}`), { id: CHEF, active_location_id: ids.locationId }),
      },
    ],
  },
  'GET /api/v1/payment-methods': {
    listing: [{ name: "the location's cards", request: () => as('GET', v1('/payment-methods')) }],
  },
  'POST /api/v1/payment-methods': {
    foreign: [
      {
        name: "save another location's stored card token as one's own",
        request: (ids) =>
          as('POST', v1('/payment-methods'), {
            token: ids.cardToken,
            address_line1: '1 Main Street',
            address_city: 'Boston',
            address_state: 'MA',
            address_zip: '02110',
          }),
        // Saving a token that is already stored is refused for A's own token too.
        control: false,
        refusal: {
          statuses: [400, 404],
          reason:
            "the body's token is a one-time card token of the gateway, not the id of a stored card; what counts is that B's card never becomes A's (checked below)",
        },
      },
    ],
  },
  'GET /api/v1/payment-methods/{token}': {
    foreign: [{ name: 'read a card', request: (ids) => as('GET', v1(`/payment-methods/${ids.cardToken}`)) }],
  },
  'PATCH /api/v1/payment-methods/{token}': {
    foreign: [
      { name: 'rename a card', request: (ids) => as('PATCH', v1(`/payment-methods/${ids.cardToken}`), { nickname: 'Renamed' }) },
    ],
  },
  'DELETE /api/v1/payment-methods/{token}': {
    foreign: [{ name: 'delete a card', request: (ids) => as('DELETE', v1(`/payment-methods/${ids.spareCardToken}`)) }],
  },
  'GET /api/v1/items/shopping-cart-matches': {
    listing: [{ name: "the cart's savings matches", request: () => as('GET', v1('/items/shopping-cart-matches')) }],
  },
  'POST /api/v1/items/swap': {
    foreign: [
      {
        name: 'swap an item of the catalogue',
        request: (ids) =>
          as('POST', v1('/items/swap'), {
            swaps: [{ old_item_dist_id: ids.itemId, new_item_dist_id: A.itemId + 1, type: 'swap' }],
          }),
        // A swap needs a savings match; the 404 of B's item is what is checked.
        control: false,
      },
    ],
  },
  'POST /api/v1/items/swap-reject': {
    foreign: [
      {
        name: 'reject a match of an item',
        request: (ids) =>
          as('POST', v1('/items/swap-reject'), {
            swaps: [
              {
                old_item_dist_id: A.itemId,
                new_item_dist_id: ids.itemId === A.itemId ? A.listItemId : ids.itemId,
                type: 'reject',
              },
            ],
          }),
        // A's control would reject an item against itself; the 404 of B's item is what is checked.
        control: false,
      },
    ],
  },
  'POST /api/v1/orders': {
    foreign: [
      {
        name: 'order a cart line',
        request: (ids) => ({
          ...as('POST', v1('/orders'), {
            ...orderBody(ids, [{ shoppingCartId: ids.cartLineId, quantity: 2 }]),
            distributorId: A.distributorId,
          }),
          headers: { 'idempotency-key': `cross-location-${ids.locationId}-line` },
        }),
        // An order needs a delivery day and a reviewed total; the 404 of B's line and distributor is what is checked.
        control: false,
      },
      {
        name: 'order from a distributor with a catalogue item',
        request: (ids) => ({
          ...as('POST', v1('/orders'), orderBody(ids, [{ itemDistributorId: ids.itemId, quantity: 1 }])),
          headers: { 'idempotency-key': `cross-location-${ids.locationId}-item` },
        }),
        control: false,
      },
    ],
  },
  'GET /api/v1/analytics': {
    listing: [
      { name: "the location's analytics of the year", request: () => as('GET', v1('/analytics?filter_type=YEARLY')) },
      {
        name: "the location's analytics of a custom range",
        request: () => as('GET', v1('/analytics?filter_type=CUSTOM&start_date=2023-01-01&end_date=2027-12-31')),
      },
    ],
  },
  'GET /api/v1/analytics/detail': {
    listing: [
      {
        name: "the location's purchased items",
        request: () => as('GET', v1('/analytics/detail?section=purchase&filter_type=YEARLY&limit=100')),
      },
      {
        name: "the location's orders of the year",
        request: () => as('GET', v1('/analytics/detail?section=order&filter_type=YEARLY&limit=100')),
      },
    ],
  },
  'GET /api/v1/analytics/lookup': {
    listing: [{ name: 'the item lookup list', request: () => as('GET', v1('/analytics/lookup?limit=100')) }],
  },
  'GET /api/v1/analytics/lookup/statistics': {
    foreign: [
      {
        name: "an item's price statistics",
        request: (ids) => as('GET', v1(`/analytics/lookup/statistics?filter_type=YEARLY&item_distributor_id=${ids.itemId}`)),
      },
    ],
  },
  'GET /api/v1/analytics/lookup/last-purchased': {
    listing: [
      { name: 'items the location has purchased', request: () => as('GET', v1('/analytics/lookup/last-purchased?size=50')) },
    ],
  },
  'GET /api/v1/analytics/savings-lines': {
    listing: ['matchSavings', 'distributorSavings', 'rebateSavings', 'inventoryViewSavings'].map((type) => ({
      name: `the year's ${type} lines`,
      request: () => as('GET', v1(`/analytics/savings-lines?filter_type=YEARLY&type=${type}&limit=100`)),
    })),
  },
  'GET /api/v1/analytics/savings-suggestions': {
    listing: [{ name: 'savings suggestions', request: () => as('GET', v1('/analytics/savings-suggestions?size=50')) }],
  },
  'GET /api/v1/orders': {
    listing: [{ name: "the location's orders", request: () => as('GET', v1('/orders?limit=100')) }],
  },
  'GET /api/v1/orders/{id}': {
    foreign: [{ name: 'read an order with its lines', request: (ids) => as('GET', v1(`/orders/${ids.orderId}?expand=items`)) }],
  },
  'GET /api/v1/orders/download-order-history': {
    listing: [{ name: 'where the history download is', request: () => as('GET', v1('/orders/download-order-history')) }],
  },
  'GET /api/v1/orders/order-history.xlsx': {
    listing: [{ name: "the location's order history workbook", request: () => as('GET', v1('/orders/order-history.xlsx')) }],
  },
  'POST /api/v1/orders/check-items/{id}': {
    foreign: [
      {
        name: 'accept a line of an order',
        request: (ids) =>
          as('POST', v1(`/orders/check-items/${ids.orderId}`), { itemList: [{ id: ids.orderItemId, status: 'accepted' }] }),
      },
    ],
  },
  'POST /api/v1/orders/pre-reject/{id}': {
    foreign: [
      {
        name: 'Order Checked on an order',
        request: (ids) =>
          as('POST', v1(`/orders/pre-reject/${ids.orderId}`), { itemList: [{ id: ids.orderItemId, status: 'accepted' }] }),
        // Order Checked needs every line of the order checked; the 404 of B's order is what is checked.
        control: false,
      },
    ],
  },
  'PATCH /api/v1/orders/{id}': {
    foreign: [
      {
        name: 'complete receiving of an order',
        request: (ids) =>
          as('PATCH', v1(`/orders/${ids.orderId}`), {
            customInvoiceId: 'X',
            itemList: [{ id: ids.orderItemId, status: 'accepted' }],
          }),
        // Completing needs every line checked and priced; the 404 of B's order is what is checked.
        control: false,
      },
    ],
  },
  'POST /api/v1/orders/survey/{id}': {
    foreign: [
      {
        name: 'answer the receiving survey of an order',
        request: (ids) =>
          as('POST', v1(`/orders/survey/${ids.orderId}`), {
            question_1: 1,
            question_2: 1,
            question_3: 0,
            question_4: 1,
            question_5: 1,
          }),
      },
    ],
  },
  'POST /api/v1/order-items/create-custom': {
    foreign: [
      {
        name: 'add a new item to an order at receiving',
        request: (ids) =>
          as('POST', v1('/order-items/create-custom'), {
            order_id: ids.orderId,
            item_description: 'Lemons',
            unit_quantity: 1,
            unit_size: 140,
            pack_size_unit: 'CT',
            unit_measure: 'CS',
            price: 4250,
            quantity: 1,
          }),
      },
    ],
  },
  'POST /api/v1/order-items/bulk-create': {
    foreign: [
      {
        name: 'add catalogue items to an order at receiving',
        request: (ids) =>
          as('POST', v1('/order-items/bulk-create'), {
            orderId: ids.orderId,
            items: [{ item_distributor_id: ids.itemId, quantity: 1 }],
          }),
        // A's latest order may be from another distributor than A's probe item (then 400 by design);
        // the 404 of B's order is what is checked. receiving.test.ts adds to A's own order.
        control: false,
      },
    ],
  },
  'GET /api/v1/orders/{id}/invoices-images': {
    foreign: [
      { name: "list an order's invoice images", request: (ids) => as('GET', v1(`/orders/${ids.orderId}/invoices-images`)) },
    ],
  },
  'POST /api/v1/orders/{id}/invoices-images': {
    foreign: [
      {
        name: 'upload an invoice image to an order',
        request: (ids) => {
          const boundary = 'crosslocationboundary';
          // A whole 1×1 PNG: the upload refuses one cut short, and the probe must be one A may upload.
          const png = Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
            'base64',
          );
          return {
            method: 'POST',
            url: v1(`/orders/${ids.orderId}/invoices-images`),
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
            payload: Buffer.concat([
              Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="i.png"\r\nContent-Type: image/png\r\n\r\n`,
              ),
              png,
              Buffer.from(`\r\n--${boundary}--\r\n`),
            ]),
          };
        },
      },
    ],
  },
  'GET /api/v1/orders/{id}/invoice-suggestions': {
    foreign: [
      {
        name: "what OCR read on an order's invoice photo",
        request: (ids) => as('GET', v1(`/orders/${ids.orderId}/invoice-suggestions`)),
      },
    ],
  },
  'GET /api/v1/orders/{id}/invoices-images/{imageId}/file': {
    foreign: [
      {
        name: 'read an invoice file',
        request: (ids) => as('GET', v1(`/orders/${ids.orderId}/invoices-images/${ids.invoiceImageId}/file`)),
        // The matrix's image rows have no file in the store, so A's control is a 404 too; receiving.test.ts serves real files.
        control: false,
      },
    ],
  },
  'DELETE /api/v1/orders/{id}/invoices-images/{imageId}': {
    foreign: [
      {
        name: 'delete an invoice image',
        request: (ids) => as('DELETE', v1(`/orders/${ids.orderId}/invoices-images/${ids.invoiceImageId}`)),
      },
    ],
  },
  'GET /api/v1/orders/{id}/download-order-365': {
    foreign: [
      {
        name: 'where the accounting file of an order is',
        request: (ids) => as('GET', v1(`/orders/${ids.orderId}/download-order-365`)),
      },
    ],
  },
  'GET /api/v1/orders/{id}/order-365.csv': {
    foreign: [
      { name: 'the accounting file of an order', request: (ids) => as('GET', v1(`/orders/${ids.orderId}/order-365.csv`)) },
    ],
  },
  'GET /api/v1/orders/{id}/reconciliation': {
    foreign: [{ name: "an order's reconciliation", request: (ids) => as('GET', v1(`/orders/${ids.orderId}/reconciliation`)) }],
  },
  'PATCH /api/v1/orders/{id}/reconciliation': {
    foreign: [
      {
        name: "enter an order's invoice lines",
        request: (ids) =>
          as('PATCH', v1(`/orders/${ids.orderId}/reconciliation`), {
            lines: [{ orderItemId: ids.orderItemId, invoicedQuantity: 1, invoicedPrice: 100 }],
          }),
        // A's order may not be received yet (400); the 404 of B's order is what is checked.
        control: false,
      },
    ],
  },
  'GET /api/v1/orders/{id}/inventory-items': {
    foreign: [
      {
        name: "where an order's items stand in inventory",
        request: (ids) => as('GET', v1(`/orders/${ids.orderId}/inventory-items`)),
      },
    ],
  },
  'POST /api/v1/orders/{id}/reconciliation/close-credit': {
    foreign: [
      {
        name: "close an order's credit",
        request: (ids) => as('POST', v1(`/orders/${ids.orderId}/reconciliation/close-credit`)),
        // A's order may owe no credit (400); the 404 of B's order is what is checked.
        control: false,
      },
    ],
  },
  'GET /api/v1/orders/{id}/purchase-order.pdf': {
    foreign: [
      { name: 'download the purchase order PDF', request: (ids) => as('GET', v1(`/orders/${ids.orderId}/purchase-order.pdf`)) },
    ],
  },
  'GET /api/v1/orders/{id}/purchase-order.xlsx': {
    foreign: [
      {
        name: 'download the purchase order workbook',
        request: (ids) => as('GET', v1(`/orders/${ids.orderId}/purchase-order.xlsx`)),
      },
    ],
  },
  'GET /api/v1/items': {
    listing: [
      { name: 'the place-order list', request: () => as('GET', v1('/items?limit=100')) },
      {
        name: "the list filtered by B's distributor, list and order (a filter matches nothing of another location)",
        request: () =>
          as(
            'GET',
            v1(
              `/items?filterOptions=${encodeURIComponent(
                JSON.stringify({ distributorIds: [B.distributorId], shoppingIds: [B.listId], pastOrderIds: [B.orderId] }),
              )}`,
            ),
          ),
        acceptNotFound: true,
      },
      {
        name: "searching B's item",
        request: () => as('GET', v1(`/items?filterOptions=${encodeURIComponent(JSON.stringify({ search: MARK }))}`)),
      },
    ],
  },
  'GET /api/v1/items/search-suggestions': {
    listing: [{ name: "suggestions for B's item", request: () => as('GET', v1(`/items/search-suggestions?search=${MARK}`)) }],
  },
  'POST /api/v1/items/custom-order': {
    foreign: [
      {
        name: 'move an item in the custom order',
        request: (ids) =>
          as('POST', v1('/items/custom-order'), {
            custom_order_data: { item_distributor_id: ids.itemId, item_distributor_ids: [], special: 'top' },
          }),
      },
    ],
  },
  'GET /api/v1/items/matches/{id}': {
    foreign: [{ name: "an item's matches", request: (ids) => as('GET', v1(`/items/matches/${ids.itemId}`)) }],
  },
  'GET /api/v1/items/{id}/linked-items': {
    foreign: [{ name: "an item's linked-item groups", request: (ids) => as('GET', v1(`/items/${ids.itemId}/linked-items`)) }],
  },
  'GET /api/v1/items/get-last-purchased': {
    listing: [{ name: 'last purchased items', request: () => as('GET', v1('/items/get-last-purchased?limit=50')) }],
  },
  'GET /api/v1/items/{id}': {
    foreign: [{ name: 'item detail with analytics', request: (ids) => as('GET', v1(`/items/${ids.itemId}?analytics=1`)) }],
  },
  'GET /api/v1/shopping-carts': {
    listing: [{ name: 'the cart', request: () => as('GET', v1('/shopping-carts')) }],
  },
  'POST /api/v1/shopping-carts': {
    foreign: [
      {
        name: 'change a cart line by its id',
        request: (ids) =>
          as('POST', v1('/shopping-carts'), { lastModified: null, itemList: [{ shoppingCartId: ids.cartLineId, quantity: 3 }] }),
      },
      {
        name: 'add a catalogue item',
        request: (ids) =>
          as('POST', v1('/shopping-carts'), { lastModified: null, itemList: [{ itemDistributorId: ids.itemId, quantity: 4 }] }),
      },
      {
        name: 'add a special request for a distributor',
        request: (ids) =>
          as('POST', v1('/shopping-carts'), {
            lastModified: null,
            itemList: [
              {
                quantity: 1,
                specialItem: { distributorId: ids.distributorId, uom: 'case', description: 'Cross-location probe' },
              },
            ],
          }),
      },
    ],
  },
  'GET /api/v1/orders/past-options': {
    listing: [{ name: 'past orders to filter by', request: () => as('GET', v1('/orders/past-options')) }],
  },
  'GET /api/v1/merchant-accounting': {
    listing: [
      { name: 'accounting items', request: () => as('GET', v1('/merchant-accounting')) },
      {
        name: "accounting items searched for B's supplier",
        request: () =>
          as('GET', v1(`/merchant-accounting?filterOptions=${encodeURIComponent(JSON.stringify({ search: MARK }))}`)),
      },
    ],
  },
  'GET /api/v1/merchant-accounting/get-distributors': {
    listing: [{ name: 'distributors with payable terms', request: () => as('GET', v1('/merchant-accounting/get-distributors')) }],
  },
  'PATCH /api/v1/merchant-accounting/{id}/update-payable-terms': {
    foreign: [
      {
        name: "a distributor's payable terms",
        request: (ids) => as('PATCH', v1(`/merchant-accounting/${ids.distributorId}/update-payable-terms`), { terms: 14 }),
      },
    ],
  },
  'GET /api/v1/merchant-accounting-supplier': {
    listing: [{ name: 'accounting suppliers', request: () => as('GET', v1('/merchant-accounting-supplier')) }],
  },
  'GET /api/v1/merchant-accounting-category': {
    listing: [{ name: 'accounting categories', request: () => as('GET', v1('/merchant-accounting-category')) }],
  },
  'GET /api/v1/merchant-accounting-gl-code': {
    listing: [{ name: 'accounting GL codes', request: () => as('GET', v1('/merchant-accounting-gl-code')) }],
  },
  'POST /api/v1/merchant-accounting-supplier': {
    exempt: "creates a supplier in the caller's active location from a name; takes no location-scoped id",
  },
  'POST /api/v1/merchant-accounting-category': {
    exempt: "creates a category in the caller's active location from a name; takes no location-scoped id",
  },
  'POST /api/v1/merchant-accounting-gl-code': {
    exempt: "creates a GL code in the caller's active location from a code; takes no location-scoped id",
  },
  'POST /api/v1/merchant-accounting': {
    foreign: [
      {
        name: 'tag an item with a supplier',
        request: (ids) =>
          as('POST', v1('/merchant-accounting'), {
            item_distributor_id: ids.itemId,
            merchant_accounting_supplier_id: ids.accountingSupplierId,
          }),
      },
    ],
  },
  'PATCH /api/v1/merchant-accounting/{id}': {
    foreign: [
      {
        name: "change an item's accounting record",
        request: (ids) =>
          as('PATCH', v1(`/merchant-accounting/${ids.accountingId}`), {
            item_distributor_id: ids.itemId,
            merchant_accounting_supplier_id: ids.accountingSupplierId,
          }),
      },
    ],
  },
  'GET /api/v1/merchant-accounting/download-template': {
    listing: [{ name: 'the bulk-upload template', request: () => as('GET', v1('/merchant-accounting/download-template')) }],
  },
  'POST /api/v1/merchant-accounting/upload': {
    foreign: [
      {
        name: "bulk upload tagging the location's item",
        request: (ids) => ({ method: 'POST', url: v1('/merchant-accounting/upload'), ...accountingUploadForm(ids) }),
        refusal: { statuses: [400], reason: "a file names items by id: another location's item is a refused row of the report" },
      },
    ],
  },
  'GET /api/v1/orders/download-order-quickbooks': {
    listing: [
      {
        name: 'where the QuickBooks bills are',
        request: () => as('GET', v1(`/orders/download-order-quickbooks?startDate=2020-01-01&endDate=2020-12-31`)),
      },
    ],
  },
  'GET /api/v1/orders/quickbooks-bills': {
    listing: [
      {
        name: 'the QuickBooks bills of the last year',
        request: () => {
          const end = todayInNewYork();
          const start = `${Number(end.slice(0, 4)) - 1}${end.slice(4)}`;
          return as('GET', v1(`/orders/quickbooks-bills?startDate=${start}&endDate=${end}&format=qbo`));
        },
      },
    ],
  },
  'GET /api/v1/distributors': {
    listing: [{ name: "the location's distributors", request: () => as('GET', v1('/distributors')) }],
  },
  'GET /api/v1/distributors/list': {
    listing: [{ name: "the location's distributors by nickname", request: () => as('GET', v1('/distributors/list')) }],
  },
  'GET /api/v1/distributors/{id}': {
    foreign: [{ name: 'a distributor with its terms', request: (ids) => as('GET', v1(`/distributors/${ids.distributorId}`)) }],
  },
  'PATCH /api/v1/distributors/{id}': {
    foreign: [
      {
        name: 'website credentials',
        request: (ids) => as('PATCH', v1(`/distributors/${ids.distributorId}`), { username: 'probe' }),
      },
    ],
  },
  // Issue 31: the directory, the Distributor page's add and the account's ordering terms.
  'GET /api/v1/distributors/directory': {
    listing: [{ name: 'the distributors the location may add', request: () => as('GET', v1('/distributors/directory?search=')) }],
  },
  'POST /api/v1/distributors': {
    exempt:
      "adds a distributor to the caller's active location from the directory or a name; an id it may not see answers 404 (directory.test.ts covers it)",
  },
  'GET /api/v1/distributors/{id}/ordering-terms': {
    foreign: [
      { name: 'the ordering terms', request: (ids) => as('GET', v1(`/distributors/${ids.distributorId}/ordering-terms`)) },
    ],
  },
  'PUT /api/v1/distributors/{id}/ordering-terms': {
    foreign: [
      {
        // Harborline's demo terms at Harbor Grill, written back unchanged, so later cases keep their delivery days.
        name: 'set the ordering terms',
        request: (ids) =>
          as('PUT', v1(`/distributors/${ids.distributorId}/ordering-terms`), {
            deliveryWeekdays: [1, 3, 5],
            orderCutoffTime: null,
            orderCutoffDaysBefore: 1,
            minOrderAmount: 0,
            isMinOrderAmountRequired: false,
            deliveryFee: 0,
          }),
      },
    ],
  },
  'POST /api/v1/distributors/{id}/dsr': {
    foreign: [
      {
        name: 'add a sales rep',
        request: (ids) =>
          as('POST', v1(`/distributors/${ids.distributorId}/dsr`), { name: 'Probe Rep', email: 'probe@example.com' }),
      },
    ],
  },
  'PUT /api/v1/distributors/{id}/dsr/{dsrId}': {
    foreign: [
      {
        name: 'edit a sales rep',
        request: (ids) => as('PUT', v1(`/distributors/${ids.distributorId}/dsr/${ids.repId}`), { phone: '(617) 555-0000' }),
      },
    ],
  },
  'PATCH /api/v1/distributors/{id}/dsr/{dsrId}': {
    foreign: [
      {
        name: 'edit a sales rep',
        request: (ids) => as('PATCH', v1(`/distributors/${ids.distributorId}/dsr/${ids.repId}`), { phone: '(617) 555-0001' }),
      },
    ],
  },
  'POST /api/v1/sales-rep-invites/accept': {
    exempt: 'public acceptance of a mailed invite token; takes no location id (rep-access.test.ts covers it)',
  },
  'GET /api/v1/sales-rep/accounts': {
    listing: [{ name: "the caller's sales rep accounts", request: () => as('GET', v1('/sales-rep/accounts')) }],
  },
  'GET /api/v1/sales-rep/accounts/{id}/items': {
    exempt:
      "scoped to the caller's own sales rep accounts (the accepted invite's sign-in), not to a location; anyone else's account answers 404 (rep-access.test.ts covers it)",
  },
  'PATCH /api/v1/sales-rep/accounts/{id}/prices': {
    exempt:
      "scoped to the caller's own sales rep accounts (the accepted invite's sign-in), not to a location; anyone else's account answers 404 (rep-access.test.ts covers it)",
  },
  'POST /api/v1/distributor-order-guides/upload-template/{id}': {
    foreign: [
      {
        name: 'request a template for a distributor and location',
        request: (ids) => ({
          method: 'POST',
          url: v1(`/distributor-order-guides/upload-template/${ids.distributorId}`),
          ...guideForm(ids, { merchantIds: JSON.stringify([ids.locationId]) }),
        }),
      },
    ],
  },
  'GET /api/v1/merchant/{id}/allowed-children': {
    foreign: [
      {
        name: 'locations to upload a guide for',
        request: (ids) => as('GET', v1(`/merchant/${ids.locationId}/allowed-children`)),
      },
    ],
  },
  'GET /api/v1/order-guides/{id}/items': {
    foreign: [{ name: "an order guide's items", request: (ids) => as('GET', v1(`/order-guides/${ids.guideId}/items`)) }],
  },
  'GET /api/v1/order-guides/{id}/price-changes': {
    foreign: [
      { name: "an order guide's price changes", request: (ids) => as('GET', v1(`/order-guides/${ids.guideId}/price-changes`)) },
    ],
  },
  'GET /api/v1/order-guides/{id}/download': {
    foreign: [
      { name: "an order guide's download address", request: (ids) => as('GET', v1(`/order-guides/${ids.guideId}/download`)) },
    ],
  },
  'GET /api/v1/order-guides/{id}/order-guide.csv': {
    foreign: [{ name: 'an order guide as CSV', request: (ids) => as('GET', v1(`/order-guides/${ids.guideId}/order-guide.csv`)) }],
  },
  'GET /api/v1/order-guides/uploads/{id}': {
    foreign: [{ name: 'an upload’s progress', request: (ids) => as('GET', v1(`/order-guides/uploads/${ids.uploadId}`)) }],
  },
  // Issue 31: review an upload before applying it, and the buyer's own column mapping.
  'POST /api/v1/order-guides/uploads/{id}/apply': {
    foreign: [
      {
        name: 'apply an upload',
        request: (ids) => as('POST', v1(`/order-guides/uploads/${ids.uploadId}/apply`)),
        // The matrix's upload is already applied: A's own answers 400 (guide-review.test.ts applies a ready one).
        control: false,
      },
    ],
  },
  'POST /api/v1/order-guides/uploads/{id}/cancel': {
    foreign: [
      {
        name: 'cancel an upload',
        request: (ids) => as('POST', v1(`/order-guides/uploads/${ids.uploadId}/cancel`)),
        // As apply: only an upload waiting for review can be cancelled (guide-review.test.ts cancels one).
        control: false,
      },
    ],
  },
  'GET /api/v1/order-guides/uploads/{id}/refused-rows.csv': {
    foreign: [
      {
        name: "an upload's refused rows",
        request: (ids) => as('GET', v1(`/order-guides/uploads/${ids.uploadId}/refused-rows.csv`)),
      },
    ],
  },
  'POST /api/v1/distributor-order-guides/read-header': {
    foreign: [
      {
        name: "a file's header for a distributor",
        request: (ids) => ({ method: 'POST', url: v1('/distributor-order-guides/read-header'), ...guideForm(ids, {}) }),
      },
    ],
  },
  'POST /api/v1/distributor-order-guides/column-mapping': {
    foreign: [
      {
        name: 'a column mapping for a distributor',
        request: (ids) =>
          as('POST', v1('/distributor-order-guides/column-mapping'), {
            distributor_id: ids.distributorId,
            headers: ['F', 'SUPC', 'Pack', 'Size', 'Unit', 'Brand', 'Desc', 'Case $'],
            mapping: { din: 'SUPC', name: 'Desc', pack: 'Pack', price: 'Case $' },
          }),
      },
    ],
  },
  'POST /api/v1/distributor-order-guides/check-for-template': {
    foreign: [
      {
        name: 'check a file for a distributor',
        request: (ids) => ({ method: 'POST', url: v1('/distributor-order-guides/check-for-template'), ...guideForm(ids, {}) }),
      },
    ],
  },
  'POST /api/v1/order-guides/front-upload': {
    foreign: [
      {
        name: 'upload a guide for a distributor and location',
        request: (ids) => ({
          method: 'POST',
          url: v1('/order-guides/front-upload'),
          ...guideForm(ids, {
            merchantIds: JSON.stringify([ids.locationId]),
            start_date: todayInNewYork(),
            end_date: '2099-01-01',
          }),
        }),
      },
    ],
  },
  'GET /api/v1/shopping-lists': {
    listing: [{ name: "the location's lists", request: () => as('GET', v1('/shopping-lists')) }],
  },
  'POST /api/v1/shopping-lists': {
    foreign: [
      {
        name: 'create a list with an item',
        request: (ids) =>
          as('POST', v1('/shopping-lists'), { name: `Probe ${ids.locationId}`, itemList: [{ itemDistributorId: ids.itemId }] }),
      },
    ],
  },
  'POST /api/v1/shopping-lists/reorder': {
    foreign: [
      {
        name: 'move an item in a list',
        request: (ids) =>
          as('POST', v1('/shopping-lists/reorder'), { item_distributor_id: ids.listItemId, tag_id: ids.listId, special: 'top' }),
      },
    ],
  },
  'GET /api/v1/shopping-lists/{id}': {
    foreign: [{ name: 'read a list', request: (ids) => as('GET', v1(`/shopping-lists/${ids.listId}`)) }],
  },
  'PATCH /api/v1/shopping-lists/{id}': {
    foreign: [
      {
        name: 'rename a list',
        request: (ids) => as('PATCH', v1(`/shopping-lists/${ids.listId}`), { name: `Renamed ${ids.locationId}` }),
      },
    ],
  },
  'DELETE /api/v1/shopping-lists/{id}': {
    foreign: [{ name: 'delete a list', request: (ids) => as('DELETE', v1(`/shopping-lists/${ids.spareListId}`)) }],
  },
  'GET /api/v1/shopping-lists/{id}/items': {
    foreign: [{ name: "a list's items", request: (ids) => as('GET', v1(`/shopping-lists/${ids.listId}/items`)) }],
  },
  'POST /api/v1/shopping-lists/{id}/add-one': {
    foreign: [
      {
        name: "add one of the location's items to its list",
        request: (ids) => as('POST', v1(`/shopping-lists/${ids.listId}/add-one`), { itemDistributorId: ids.itemId }),
      },
      {
        name: "add B's item to A's own list",
        request: (ids) => as('POST', v1(`/shopping-lists/${A.listId}/add-one`), { itemDistributorId: ids.itemId }),
      },
    ],
  },
  'DELETE /api/v1/shopping-lists/{id}/{itemId}': {
    foreign: [
      {
        name: 'remove an item from a list',
        request: (ids) => as('DELETE', v1(`/shopping-lists/${ids.listId}/${ids.listItemId}`)),
      },
    ],
  },
  // Inventory comparison view (doc 2 §7). The chef lacks editComparisonView: the structure-changing
  // probes' controls answer 403 by design (control: false); the 404 of B's ids is what is checked.
  'GET /api/v1/comparison-views': {
    listing: [{ name: "the location's inventory lists", request: () => as('GET', v1('/comparison-views')) }],
  },
  'GET /api/v1/comparison-views/all-views': {
    listing: [{ name: 'every inventory list', request: () => as('GET', v1('/comparison-views/all-views')) }],
  },
  'GET /api/v1/comparison-views/all-groups': {
    listing: [{ name: 'every generic group', request: () => as('GET', v1('/comparison-views/all-groups')) }],
  },
  'GET /api/v1/comparison-views/groups-search': {
    listing: [{ name: 'generic groups found by name', request: () => as('GET', v1('/comparison-views/groups-search?search=')) }],
  },
  'GET /api/v1/comparison-views/from-item-distributor': {
    listing: [
      {
        // Asked with B's item: A's answer is an empty list, nothing of B's lists or groups.
        name: 'the lists holding an item of the other location',
        request: () => as('GET', v1(`/comparison-views/from-item-distributor?id=${B.groupOfferId}&expand=groups&showItems=1`)),
      },
    ],
  },
  'POST /api/v1/comparison-views': {
    exempt: "creates an inventory list in the caller's active location; takes no location-scoped id",
  },
  'POST /api/v1/comparison-views/group-unit': {
    foreign: [
      {
        name: "set a group's unit",
        request: (ids) => as('POST', v1('/comparison-views/group-unit'), [{ groupId: ids.groupId, unitId: 1 }]),
        control: false,
      },
    ],
  },
  'GET /api/v1/comparison-views/{id}': {
    foreign: [{ name: 'read an inventory list', request: (ids) => as('GET', v1(`/comparison-views/${ids.inventoryListId}`)) }],
  },
  'PATCH /api/v1/comparison-views/{id}': {
    foreign: [
      {
        name: 'mark a list on inventory',
        request: (ids) => as('PATCH', v1(`/comparison-views/${ids.inventoryListId}`), { onInventory: false }),
      },
    ],
  },
  'DELETE /api/v1/comparison-views/{id}': {
    foreign: [
      {
        name: 'delete an inventory list',
        request: (ids) => as('DELETE', v1(`/comparison-views/${ids.spareInventoryListId}`)),
        control: false,
      },
    ],
  },
  'GET /api/v1/comparison-views/{id}/groups': {
    foreign: [
      {
        name: "a list's groups",
        request: (ids) => as('GET', v1(`/comparison-views/${ids.inventoryListId}/groups?expand=items`)),
      },
    ],
  },
  'POST /api/v1/comparison-views/{id}/groups': {
    foreign: [
      {
        name: 'create a group in a list',
        request: (ids) => as('POST', v1(`/comparison-views/${ids.inventoryListId}/groups`), { name: 'Probe group' }),
        control: false,
      },
    ],
  },
  'POST /api/v1/comparison-views/{id}/reset-sorts': {
    foreign: [
      {
        name: "save a list's group order",
        request: (ids) => as('POST', v1(`/comparison-views/${ids.inventoryListId}/reset-sorts`), { groups: [ids.groupId] }),
        control: false,
      },
      {
        name: "put another location's group in one's own list order",
        request: (ids) => as('POST', v1(`/comparison-views/${A.inventoryListId}/reset-sorts`), { groups: [ids.groupId] }),
        control: false,
      },
    ],
  },
  'GET /api/v1/comparison-views/{id}/groups/{groupId}': {
    foreign: [
      { name: 'read a group', request: (ids) => as('GET', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}`)) },
    ],
  },
  'PATCH /api/v1/comparison-views/{id}/groups/{groupId}': {
    foreign: [
      {
        name: 'set a par level',
        request: (ids) => as('PATCH', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}`), { parLevel: 5 }),
        control: false,
      },
    ],
  },
  'DELETE /api/v1/comparison-views/{id}/groups/{groupId}': {
    foreign: [
      {
        name: 'delete a group',
        request: (ids) => as('DELETE', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.spareGroupId}`)),
        control: false,
      },
    ],
  },
  'PATCH /api/v1/comparison-views/{id}/groups/{groupId}/move': {
    foreign: [
      {
        name: 'move a group',
        request: (ids) =>
          as('PATCH', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.spareGroupId}/move`), {
            name: ids.spareInventoryListId,
          }),
        control: false,
      },
      {
        name: "move one's own group into another location's list",
        request: (ids) =>
          as('PATCH', v1(`/comparison-views/${A.inventoryListId}/groups/${A.spareGroupId}/move`), {
            name: ids.spareInventoryListId,
          }),
        control: false,
      },
    ],
  },
  'GET /api/v1/comparison-views/{id}/groups/{groupId}/totals': {
    foreign: [
      {
        name: "a group's totals",
        request: (ids) => as('GET', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/totals`)),
      },
    ],
  },
  'GET /api/v1/comparison-views/{id}/groups/{groupId}/search-items': {
    foreign: [
      {
        name: 'search items for a group',
        request: (ids) => as('GET', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/search-items?search=a`)),
      },
    ],
  },
  'POST /api/v1/comparison-views/{id}/groups/{groupId}/items': {
    foreign: [
      {
        name: 'link items to a group',
        request: (ids) =>
          as('POST', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/items`), { items: [ids.itemId] }),
        control: false,
      },
      {
        name: "link another location's item to one's own group",
        request: (ids) =>
          as('POST', v1(`/comparison-views/${A.inventoryListId}/groups/${A.groupId}/items`), { items: [ids.itemId] }),
        control: false,
      },
      {
        name: "link another location's sub-recipe to one's own group",
        request: (ids) =>
          as('POST', v1(`/comparison-views/${A.inventoryListId}/groups/${A.groupId}/items`), { subrecipes: [ids.subRecipeId] }),
        control: false,
      },
    ],
  },
  'POST /api/v1/comparison-views/{id}/groups/{groupId}/custom': {
    foreign: [
      {
        name: 'add a custom item',
        request: (ids) =>
          as('POST', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/custom`), {
            description: 'Probe item',
            unitMeasure: 'CS',
            distributor: 'Probe market',
            price: 1,
            packSize: { outerPack: 1, innerPack: 1, uom: 'LB' },
          }),
        control: false,
      },
    ],
  },
  'PATCH /api/v1/comparison-views/{id}/groups/{groupId}/item/{itemId}': {
    foreign: [
      {
        name: 'count an item on hand',
        request: (ids) =>
          as('PATCH', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/item/${ids.groupOfferId}`), {
            onHand: 1,
          }),
      },
    ],
  },
  'PATCH /api/v1/comparison-views/{id}/groups/{groupId}/item/{itemId}/pack-size': {
    foreign: [
      {
        name: 'change the pack size an item is counted in',
        request: (ids) =>
          as('PATCH', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/item/${ids.groupOfferId}/pack-size`), {
            packSize: '2/3 LB',
          }),
        // A is the chef, who counts but may not edit the view.
        control: false,
      },
    ],
  },
  'GET /api/v1/comparison-views/{id}/groups/{groupId}/item/{itemId}/historic-inventory': {
    foreign: [
      {
        name: "read an item's historic on-hand",
        request: (ids) =>
          as(
            'GET',
            v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/item/${ids.groupOfferId}/historic-inventory`),
          ),
      },
    ],
  },
  'GET /api/v1/comparison-views/{id}/groups/{groupId}/item/{itemId}/price-analytics': {
    foreign: [
      {
        name: "read an item's price analytics",
        request: (ids) =>
          as(
            'GET',
            v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/item/${ids.groupOfferId}/price-analytics`),
          ),
      },
    ],
  },
  'DELETE /api/v1/comparison-views/{id}/groups/{groupId}/item/{itemId}': {
    foreign: [
      {
        name: 'take an item out of a group',
        request: (ids) =>
          as('DELETE', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/item/${ids.groupOfferId}`)),
        control: false,
      },
    ],
  },
  'PATCH /api/v1/comparison-views/{id}/groups/{groupId}/custom/{itemId}': {
    foreign: [
      {
        name: 'count a custom item on hand',
        request: (ids) =>
          as('PATCH', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/custom/${ids.customItemId}`), {
            onHandPack: 2,
          }),
      },
    ],
  },
  'DELETE /api/v1/comparison-views/{id}/groups/{groupId}/custom/{itemId}': {
    foreign: [
      {
        name: 'delete a custom item',
        request: (ids) =>
          as('DELETE', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/custom/${ids.customItemId}`)),
        control: false,
      },
    ],
  },
  'PATCH /api/v1/comparison-views/{id}/groups/{groupId}/subrecipe/{itemId}': {
    foreign: [
      {
        name: 'count a sub-recipe on hand',
        request: (ids) =>
          as('PATCH', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/subrecipe/${ids.subRecipeItemId}`), {
            onHand: 1,
          }),
      },
    ],
  },
  'DELETE /api/v1/comparison-views/{id}/groups/{groupId}/subrecipe/{itemId}': {
    foreign: [
      {
        name: 'take a sub-recipe out of a group',
        request: (ids) =>
          as('DELETE', v1(`/comparison-views/${ids.inventoryListId}/groups/${ids.groupId}/subrecipe/${ids.subRecipeItemId}`)),
        control: false,
      },
    ],
  },
  'GET /api/v1/inventory': {
    listing: [{ name: 'past inventories', request: () => as('GET', v1('/inventory')) }],
  },
  'POST /api/v1/inventory': {
    exempt: "starts an inventory in the caller's active location; takes a date, no location-scoped id",
  },
  'GET /api/v1/inventory/active': {
    listing: [{ name: 'the inventory under way', request: () => as('GET', v1('/inventory/active')) }],
  },
  'GET /api/v1/inventory/review': {
    listing: [
      { name: 'review of the inventory under way', request: () => as('GET', v1('/inventory/review')), acceptNotFound: true },
    ],
  },
  'POST /api/v1/inventory/complete': {
    foreign: [
      {
        name: 'complete a named inventory',
        request: (ids) => as('POST', v1('/inventory/complete'), { id: ids.inventoryId }),
        // A's inventory is complete already: its control is a 400, by design.
        control: false,
      },
    ],
  },
  'GET /api/v1/inventory/spreadsheet': {
    foreign: [{ name: 'export an inventory', request: (ids) => as('GET', v1(`/inventory/spreadsheet?id=${ids.inventoryId}`)) }],
  },
  'GET /api/v1/inventory/{id}': {
    foreign: [{ name: 'read an inventory', request: (ids) => as('GET', v1(`/inventory/${ids.inventoryId}`)) }],
  },
  'GET /api/v1/inventory/{id}/items': {
    foreign: [{ name: "read an inventory's items", request: (ids) => as('GET', v1(`/inventory/${ids.inventoryId}/items`)) }],
  },
  'POST /api/v1/inventory/{id}/reopen': {
    foreign: [
      {
        name: 'reopen an inventory',
        request: (ids) => as('POST', v1(`/inventory/${ids.inventoryId}/reopen`)),
        // The chef's title is not owner: A's own request is a 403 by design.
        control: false,
      },
    ],
  },
  'PATCH /api/v1/inventory/{id}/item/{itemId}': {
    foreign: [
      {
        name: 'count an item against an inventory',
        request: (ids) => as('PATCH', v1(`/inventory/${ids.inventoryId}/item/${ids.groupItemId}`), { onHand: 1 }),
        // A's inventory is complete: counting against it is a 400 by design.
        control: false,
      },
      {
        name: "count one's own item against another location's inventory",
        request: (ids) => as('PATCH', v1(`/inventory/${ids.inventoryId}/item/${A.groupItemId}`), { onHand: 1 }),
        control: false,
      },
    ],
  },
  'PATCH /api/v1/comparison-views/update-item-batch': {
    foreign: [
      {
        name: 'sync offline counts',
        request: (ids) =>
          as('PATCH', v1('/comparison-views/update-item-batch'), {
            batchId: `probe-${ids.locationId}-${Math.random().toString(36).slice(2, 12)}`,
            batch: [
              {
                id: ids.groupItemId,
                genericGroupId: ids.groupId,
                onHand: 1,
                onHandPack: 0,
                onHandUom: 0,
                countedAt: new Date().toISOString(),
              },
            ],
          }),
      },
    ],
  },
  'POST /api/v1/generic-item/toggle-is-preferred/{id}': {
    foreign: [
      {
        name: 'toggle the preferred heart',
        request: (ids) => as('POST', v1(`/generic-item/toggle-is-preferred/${ids.groupItemId}`)),
        control: false,
      },
    ],
  },
  // Barcodes (issue 40)
  'POST /api/v1/barcodes': {
    foreign: [
      {
        name: "link a barcode to another location's item",
        request: (ids) => as('POST', v1('/barcodes'), { gtin: '049000028911', itemDistributorId: ids.itemId }),
      },
    ],
  },
  'GET /api/v1/barcodes/{gtin}': {
    listing: [
      {
        name: 'the item a barcode is linked to here',
        request: () => as('GET', v1('/barcodes/049000028911')),
        acceptNotFound: true,
      },
    ],
  },
  // Chain view (issue 39)
  'GET /api/v1/chain/summary': {
    exempt:
      "spans the caller's own memberships, never a location parameter: no id to name another location by (chain.test.ts checks a non-member location is never counted or listed)",
  },
  'GET /api/v1/chain/price-variance': {
    exempt:
      "spans the caller's own memberships, never a location parameter: no id to name another location by (chain.test.ts checks a non-member location is never counted or listed)",
  },
  'GET /api/v1/chain/stock': {
    exempt:
      "spans the caller's own memberships, never a location parameter: no id to name another location by (chain.test.ts checks a non-member location is never counted or listed)",
  },
  'GET /api/v1/chain/summary.xlsx': {
    exempt:
      "spans the caller's own memberships, never a location parameter: no id to name another location by (chain.test.ts checks a non-member location is never counted or listed)",
  },
  'GET /api/v1/chain/price-variance.xlsx': {
    exempt:
      "spans the caller's own memberships, never a location parameter: no id to name another location by (chain.test.ts checks a non-member location is never counted or listed)",
  },
  'GET /api/v1/chain/stock.xlsx': {
    exempt:
      "spans the caller's own memberships, never a location parameter: no id to name another location by (chain.test.ts checks a non-member location is never counted or listed)",
  },
  // Suggested orders (issue 37)
  'GET /api/v1/suggested-orders': {
    listing: [{ name: "the active location's suggested order", request: () => as('GET', v1('/suggested-orders')) }],
  },
  'GET /api/v1/suggested-orders/report': {
    listing: [{ name: 'how suggestions were taken', request: () => as('GET', v1('/suggested-orders/report')) }],
  },
  'GET /api/v1/suggested-orders/guard': {
    foreign: [
      {
        name: "the review-order guard for another location's distributor",
        request: (ids) => as('GET', v1(`/suggested-orders/guard?distributorId=${ids.distributorId}`)),
      },
    ],
  },
  'POST /api/v1/suggested-orders/add-to-cart': {
    foreign: [
      {
        name: "add another location's distributor's suggested lines to the cart",
        request: (ids) => as('POST', v1('/suggested-orders/add-to-cart'), { distributorId: ids.distributorId }),
        // A's control may have nothing to suggest (a 400 that says so); B's distributor must be a 404.
        control: false,
      },
    ],
  },
};

const withSession = (request: InjectOptions): InjectOptions => ({
  ...request,
  headers: { ...(request.headers as Record<string, string> | undefined), ...bearer(chef) },
});

/** B's marks that must never reach A: names, the card tokens, the ids of B's own rows in a listing. */
function findBData(body: string): string | null {
  for (const mark of [MARK, B.cardToken, B.spareCardToken]) if (body.includes(mark)) return mark;
  return null;
}

describe('cross-location matrix', () => {
  let routes: ApiRoute[];
  let before: Record<string, string>;
  beforeAll(async () => {
    routes = listApiRoutes(t.app);
    before = await fingerprintB();
  });

  it('covers every route of the OpenAPI document, or exempts it with a reason', () => {
    const uncovered = routes.map((r) => r.key).filter((key) => !(key in COVERAGE));
    expect(uncovered, 'routes neither covered by the cross-location matrix nor exempted').toEqual([]);
    const gone = Object.keys(COVERAGE).filter((key) => !routes.some((r) => r.key === key));
    expect(gone, 'matrix entries for routes the document no longer lists').toEqual([]);
    for (const [key, coverage] of Object.entries(COVERAGE))
      if ('exempt' in coverage) expect(coverage.exempt.length, `${key} needs a reason`).toBeGreaterThan(10);
  });

  it("answers 404 and none of B's data to A's user sending B's ids, on every route that takes them", async () => {
    const failures: string[] = [];
    // Reads and changes first; the deleting routes last, so their controls do not take away what others use.
    const entries = Object.entries(COVERAGE).sort(([a], [b]) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')));
    for (const [key, coverage] of entries) {
      if (!('foreign' in coverage)) continue;
      for (const probe of coverage.foreign) {
        const foreign = await t.app.inject(withSession(probe.request(B)));
        const where = `${key} (${probe.name}) with B's ids`;
        if (!(probe.refusal?.statuses ?? [404]).includes(foreign.statusCode))
          failures.push(`${where}: ${foreign.statusCode} ${foreign.body.slice(0, 200)}`);
        const leaked = findBData(foreign.body);
        if (leaked) failures.push(`${where}: the answer holds B's ${leaked}`);
        if (foreign.body.includes('"data"')) failures.push(`${where}: the answer carries data`);
        failures.push(...checkAnswer(foreign).map((p) => `${where}: ${p}`));
        if (probe.control === false) continue;
        const own = await t.app.inject(withSession(probe.request(A)));
        if (own.statusCode >= 300)
          failures.push(
            `${key} (${probe.name}) with A's own ids: ${own.statusCode} ${own.body.slice(0, 200)} (the probe proves nothing)`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it("shows A's user nothing of B in any listing", async () => {
    const failures: string[] = [];
    const orderIds = (await queryRows<{ id: number }>(db(), sql`SELECT id FROM orders WHERE location_id = ${CATERING}`)).map(
      (r) => r.id,
    );
    for (const [key, coverage] of Object.entries(COVERAGE)) {
      if (!('listing' in coverage)) continue;
      for (const probe of coverage.listing) {
        const response = await t.app.inject(withSession(probe.request(A)));
        const where = `${key} (${probe.name})`;
        const isAllowedNotFound = probe.acceptNotFound && response.statusCode === 404;
        if (response.statusCode >= 300 && !isAllowedNotFound)
          failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        const leaked = findBData(response.body);
        if (leaked) failures.push(`${where}: the answer holds B's ${leaked}`);
        if (key === 'GET /api/v1/orders' && response.statusCode === 200) {
          const ids = (response.json().data as { id: number }[]).map((o) => o.id);
          const foreign = ids.filter((id) => orderIds.includes(id));
          if (foreign.length) failures.push(`${where}: lists B's orders ${foreign.join(', ')}`);
        }
        if (key === 'GET /api/v1/users/current-user' && response.body.includes('Harbor Catering'))
          failures.push(`${where}: names Harbor Catering, which the chef is no member of`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("leaves every row of B as it was, and A's location holds nothing of B", async () => {
    expect(await fingerprintB()).toEqual(before);
    const [copied] = await queryRows<{ count: number }>(
      db(),
      sql`SELECT ((SELECT count(*) FROM cart_items WHERE location_id IN (${GRILL}, ${EXPRESS}) AND (item_distributor_id = ${B.itemId} OR special_distributor_id = ${B.distributorId}))
                + (SELECT count(*) FROM payment_methods WHERE location_id IN (${GRILL}, ${EXPRESS}) AND token IN (${B.cardToken}, ${B.spareCardToken}))
                + (SELECT count(*) FROM item_swaps WHERE location_id IN (${GRILL}, ${EXPRESS}) AND (old_item_distributor_id = ${B.itemId} OR new_item_distributor_id = ${B.itemId})))::int AS count`,
    );
    expect(copied.count).toBe(0);
  });

  it('exercises each route it covers through the URL the document gives', () => {
    // The matrix addresses routes by hand-written URLs; each must be the route it is filed under.
    const mismatched: string[] = [];
    for (const [key, coverage] of Object.entries(COVERAGE)) {
      const route = routes.find((r) => r.key === key);
      if (!route || 'exempt' in coverage) continue;
      const requests =
        'foreign' in coverage ? coverage.foreign.map((p) => p.request(B)) : coverage.listing.map((p) => p.request(A));
      const pattern = new RegExp(`^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/?]+')}(\\?|$)`);
      for (const request of requests)
        if (request.method !== route.method || !pattern.test(String(request.url)))
          mismatched.push(`${key}: ${request.method} ${request.url}`);
    }
    expect(mismatched).toEqual([]);
  });
});
