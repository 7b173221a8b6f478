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
  cardToken: string;
  spareCardToken: string;
  /** A distributor the location buys from (one only B buys from, for B). */
  distributorId: number;
}

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

beforeAll(async () => {
  t = await createTestApp();
  chef = await signInAs(t.app, 'chef@demo.test');
  owner = await signInAs(t.app, 'owner@demo.test');

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
  B.cardToken = await addCard(CATERING, `${MARK} card`);
  B.spareCardToken = await addCard(CATERING, `${MARK} spare card`);

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
  A.cardToken = await addCard(GRILL, 'Grill card');
  A.spareCardToken = await addCard(GRILL, 'Grill spare card');
});
afterAll(async () => {
  await t?.close();
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
  'GET /api/health': { exempt: 'public health check, no session and no data' },
  'POST /api/v1/authenticate': { exempt: 'public sign-in; takes no location id (auth suites cover it)' },
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
  'GET /api/v1/orders': {
    listing: [{ name: "the location's orders", request: () => as('GET', v1('/orders?limit=100')) }],
  },
  'GET /api/v1/orders/{id}': {
    foreign: [{ name: 'read an order with its lines', request: (ids) => as('GET', v1(`/orders/${ids.orderId}?expand=items`)) }],
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
  'GET /api/v1/distributors': {
    listing: [{ name: "the location's distributors", request: () => as('GET', v1('/distributors')) }],
  },
  'GET /api/v1/distributors/{id}': {
    foreign: [{ name: 'a distributor with its terms', request: (ids) => as('GET', v1(`/distributors/${ids.distributorId}`)) }],
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
