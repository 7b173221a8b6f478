/**
 * The API scenarios: who signs in, what each scenario asks the server, and the data the requests
 * are built from (read from the database before the run). Every request of a scenario rotates
 * through the signed-in users (so through many locations) and, for searches, through the terms.
 */
import {
  getDeliverySlots,
  getLocationToday,
  getOrderTotals,
  LIST_SORTS,
  listDeliveryDates,
  type ListSort,
} from '@stockpot/domain';
import type { Request } from './load';

export const AUTH_SECRET = 'stockpot-web';
export const PASSWORD = 'demo1234';
export const PAGE_SIZE = 50;

/** Run SQL against the bench database (pg or PGlite) before the server holds it. */
export type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

export interface BenchAccount {
  distributorId: number;
  deliveryWeekdays: number[];
  isDelivery: number;
  hasRequiredMinimum: boolean;
}

export interface BenchLocation {
  id: number;
  timezone: string;
  itemCount: number;
  /** Items that can be put in the cart today (active, purchasable, not punched out), by distributor. */
  orderable: { itemDistributorId: number; distributorId: number }[];
  dins: string[];
  accounts: BenchAccount[];
  areas: BenchAreas;
}

/** Which area reads the location can answer (its flags) and what their paths need. */
export interface BenchAreas {
  inventory: boolean;
  recipeCosting: boolean;
  accounting: boolean;
  /** The location's first inventory list (issue 15's comparison view). */
  inventoryListId: number | null;
  /** The menu category with the most dishes (issue 17's recipe list is one category at a time). */
  menuCategoryId: number | null;
  /** The location's latest order guide that has an earlier one from its distributor (issue 20's price changes). */
  latestGuideId: number | null;
}

export interface BenchUser {
  email: string;
  token: string;
  locationId: number;
}

/** Reads what the requests need about each location. */
export async function loadBenchLocations(query: Query, locationIds: number[]): Promise<Map<number, BenchLocation>> {
  const locations = new Map<number, BenchLocation>();
  const rows = await query<{ id: number; timezone: string; item_count: number }>(
    `SELECT l.id, l.timezone, (SELECT count(*)::int FROM location_items li WHERE li.location_id = l.id) AS item_count
       FROM locations l WHERE l.id = ANY($1::int[])`,
    [locationIds],
  );
  for (const row of rows) {
    locations.set(row.id, {
      id: row.id,
      timezone: row.timezone,
      itemCount: row.item_count,
      orderable: [],
      dins: [],
      accounts: [],
      areas: {
        inventory: false,
        recipeCosting: false,
        accounting: false,
        inventoryListId: null,
        menuCategoryId: null,
        latestGuideId: null,
      },
    });
  }
  const areas = await query<{
    id: number;
    inventory: boolean;
    recipe_costing: boolean;
    accounting: boolean;
    list_id: number | null;
    menu_id: number | null;
    guide_id: number | null;
  }>(
    `SELECT l.id, l.display_inventory AS inventory, l.display_recipe_costing AS recipe_costing, l.display_accounting AS accounting,
            (SELECT il.id FROM inventory_lists il WHERE il.location_id = l.id ORDER BY il.sort, il.id LIMIT 1) AS list_id,
            (SELECT r.menu_category_id FROM recipes r WHERE r.location_id = l.id AND NOT r.is_sub_recipe
              GROUP BY r.menu_category_id ORDER BY count(*) DESC, r.menu_category_id LIMIT 1) AS menu_id,
            (SELECT og.id FROM order_guides og WHERE og.location_id = l.id
                AND EXISTS (SELECT 1 FROM order_guides p WHERE p.location_id = og.location_id
                              AND p.distributor_id = og.distributor_id AND (p.created_at, p.id) < (og.created_at, og.id))
              ORDER BY og.created_at DESC, og.id DESC LIMIT 1) AS guide_id
       FROM locations l WHERE l.id = ANY($1::int[])`,
    [locationIds],
  );
  for (const row of areas) {
    const location = locations.get(row.id);
    if (!location) continue;
    location.areas = {
      inventory: row.inventory,
      recipeCosting: row.recipe_costing,
      accounting: row.accounting,
      inventoryListId: row.list_id,
      menuCategoryId: row.menu_id,
      latestGuideId: row.guide_id,
    };
  }
  const items = await query<{ location_id: number; item_distributor_id: number; distributor_id: number; din: string }>(
    `SELECT location_id, item_distributor_id, distributor_id, din FROM (
       SELECT li.location_id, li.item_distributor_id, li.distributor_id, d.din,
              row_number() OVER (PARTITION BY li.location_id ORDER BY hashint4(li.item_distributor_id)) AS n
         FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ANY($1::int[]) AND NOT li.is_punched_out AND d.status = 'active' AND NOT d.is_unpurchasable) x
      WHERE n <= 400 ORDER BY location_id, n`,
    [locationIds],
  );
  for (const item of items) {
    const location = locations.get(item.location_id)!;
    location.orderable.push({ itemDistributorId: item.item_distributor_id, distributorId: item.distributor_id });
    if (location.dins.length < 3) location.dins.push(item.din);
  }
  const accounts = await query<{
    location_id: number;
    distributor_id: number;
    weekdays: string;
    is_delivery: number;
    required: boolean;
  }>(
    `SELECT location_id, distributor_id, array_to_string(delivery_weekdays, ',') AS weekdays, is_delivery,
            (is_min_order_amount_required OR skip_min_order) AND min_order_amount > 0 AS required
       FROM location_distributors WHERE location_id = ANY($1::int[]) ORDER BY location_id, distributor_id`,
    [locationIds],
  );
  for (const account of accounts) {
    locations.get(account.location_id)?.accounts.push({
      distributorId: account.distributor_id,
      deliveryWeekdays: account.weekdays ? account.weekdays.split(',').map(Number) : [],
      isDelivery: Number(account.is_delivery),
      hasRequiredMinimum: account.required,
    });
  }
  return locations;
}

/** Signs in (a few at a time: argon2 is slow on purpose) and reads each user's active location. */
export async function signInAll(baseUrl: string, emails: string[], parallel = 4): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  let next = 0;
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < emails.length) {
        const email = emails[next];
        next += 1;
        const response = await fetch(`${baseUrl}/api/v1/authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD, company_id: '1', secret: AUTH_SECRET }),
        });
        const body = (await response.json()) as {
          data?: { authKey: string; activeLocation: { id: number } | null };
          message?: string;
        };
        if (!response.ok || !body.data?.activeLocation) {
          failures.push(`${email}: ${response.status} ${body.message ?? ''}`);
          continue;
        }
        users.push({ email, token: body.data.authKey, locationId: body.data.activeLocation.id });
      }
    }),
  );
  if (users.length === 0) throw new Error(`No user could sign in: ${failures.slice(0, 3).join('; ')}`);
  users.sort((a, b) => a.locationId - b.locationId);
  return users;
}

const bearer = (user: BenchUser) => ({ authorization: `Bearer ${user.token}` });

/** A request that rotates through users (and whatever `build` varies) on every call. */
function rotating(
  build: (n: number) => { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string },
): Request {
  let n = 0;
  return {
    method: 'GET',
    setupRequest: (request) => {
      const built = build(n);
      n += 1;
      return {
        ...request,
        method: built.method ?? 'GET',
        path: built.path,
        headers: { ...request.headers, ...built.headers },
        ...(built.body === undefined ? {} : { body: built.body }),
      };
    },
  };
}

export function itemsPath(filterOptions: Record<string, unknown>, page: number): string {
  return `/api/v1/items?filterOptions=${encodeURIComponent(JSON.stringify(filterOptions))}&limit=${PAGE_SIZE}&page=${page}`;
}

/** GET items with a search, relevance order, first page: terms and users rotate independently. */
export function searchRequest(users: BenchUser[], terms: string[]): Request {
  return rotating((n) => {
    const user = users[n % users.length];
    const term = terms[(n * 7) % terms.length];
    return { path: itemsPath({ sort: 'relevance', search: term }, 1), headers: bearer(user) };
  });
}

export function suggestionsRequest(users: BenchUser[], terms: string[]): Request {
  return rotating((n) => {
    const user = users[n % users.length];
    // What is typed so far: the first 3–6 characters.
    const term = terms[(n * 7) % terms.length];
    const typed = term.slice(0, 3 + (n % 4));
    return { path: `/api/v1/items/search-suggestions?search=${encodeURIComponent(typed)}`, headers: bearer(user) };
  });
}

/** The sorts the list offers without a search (relevance needs one). */
export const LIST_PAGE_SORTS: ListSort[] = LIST_SORTS.filter((sort) => sort !== 'relevance');

/** GET items under one sort: page 1, or each location's last page (the deepest OFFSET). */
export function listRequest(users: BenchUser[], locations: Map<number, BenchLocation>, sort: ListSort, deep: boolean): Request {
  return rotating((n) => {
    const user = users[n % users.length];
    const pages = Math.max(1, Math.ceil((locations.get(user.locationId)?.itemCount ?? 0) / PAGE_SIZE));
    return { path: itemsPath({ sort, product: 'ALL' }, deep ? pages : 1), headers: bearer(user) };
  });
}

export function simpleGet(path: string, users: BenchUser[] = []): Request {
  return rotating((n) => ({ path, headers: users.length > 0 ? bearer(users[n % users.length]) : {} }));
}

/** A GET whose path depends on the signed-in user (their location's list, category or id). */
export function perUserGet(users: BenchUser[], pathOf: (user: BenchUser) => string): Request {
  return rotating((n) => {
    const user = users[n % users.length];
    return { path: pathOf(user), headers: bearer(user) };
  });
}

/** POST shopping-carts: one line changed per save, by many users of many locations at once. */
export function cartUpdateRequest(users: BenchUser[], locations: Map<number, BenchLocation>): Request {
  const lastModified = new Map<number, string>();
  let n = 0;
  return {
    method: 'POST',
    setupRequest: (request, context) => {
      const user = users[n % users.length];
      // One request in flight per connection: the connection's context says whose save answers.
      (context as { locationId?: number }).locationId = user.locationId;
      const location = locations.get(user.locationId)!;
      const item = location.orderable[(n * 13) % Math.max(1, location.orderable.length)];
      n += 1;
      const body = {
        itemList: [{ itemDistributorId: item.itemDistributorId, quantity: 1 + (n % 9) }],
        lastModified: lastModified.get(user.locationId) ?? null,
      };
      return {
        ...request,
        method: 'POST',
        // What the web app sends: the answer carries only the lines written when the copy was current.
        path: '/api/v1/shopping-carts?answer=changes',
        headers: { ...request.headers, ...bearer(user), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      };
    },
    onResponse: (status, body, context) => {
      if (status !== 200) return;
      // The cart answers its new version; the next save from that location sends it, as the web app does.
      const match = /"lastModified":"([^"]+)"/.exec(body);
      const location = (context as { locationId?: number }).locationId;
      if (match && location !== undefined) lastModified.set(location, match[1]);
    },
  };
}

export interface OrderJob {
  user: BenchUser;
  distributorId: number;
  body: Record<string, unknown>;
}

interface CartLine {
  id: number;
  quantity: number;
  itemDistributorId: number | null;
  item: {
    distributorId: number;
    price: number;
    rebate: number;
    isMarketPrice: boolean;
    status: string;
    isPunchedOut: boolean;
    isUnpurchasable: boolean;
  } | null;
}

async function api<T>(
  baseUrl: string,
  user: BenchUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...bearer(user), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/**
 * Fills each user's cart with a few lines per distributor (through the API, as the web app does),
 * reads the cart back and makes one order per distributor from it, priced as the client prices it.
 */
export async function prepareOrderJobs(
  baseUrl: string,
  users: BenchUser[],
  locations: Map<number, BenchLocation>,
  linesPerOrder: number,
): Promise<{ jobs: OrderJob[]; problems: string[] }> {
  const jobs: OrderJob[] = [];
  const problems: string[] = [];
  const seen = new Set<number>();
  for (const user of users) {
    if (seen.has(user.locationId)) continue;
    seen.add(user.locationId);
    const location = locations.get(user.locationId)!;
    const eligible = new Set(
      location.accounts.filter((a) => !a.hasRequiredMinimum && a.deliveryWeekdays.length > 0).map((a) => a.distributorId),
    );
    const wanted = location.orderable.filter((item) => eligible.has(item.distributorId));
    const perDistributor = new Map<number, number[]>();
    for (const item of wanted) {
      const list = perDistributor.get(item.distributorId) ?? [];
      if (list.length < linesPerOrder) list.push(item.itemDistributorId);
      perDistributor.set(item.distributorId, list);
    }
    const itemList = [...perDistributor.values()].flat().map((id, i) => ({ itemDistributorId: id, quantity: 1 + (i % 4) }));
    if (itemList.length === 0) continue;
    const current = await api<{ data: { lastModified: string } }>(baseUrl, user, 'GET', '/api/v1/shopping-carts');
    if (current.status !== 200) {
      problems.push(`GET shopping-carts: ${current.status}`);
      break;
    }
    const saved = await api<{ message?: string }>(baseUrl, user, 'POST', '/api/v1/shopping-carts', {
      itemList,
      lastModified: current.body.data.lastModified,
    });
    if (saved.status !== 200) {
      problems.push(`POST shopping-carts: ${saved.status} ${saved.body?.message ?? ''}`);
      continue;
    }
    const cart = await api<{ data: { shoppingCart: CartLine[] } }>(baseUrl, user, 'GET', '/api/v1/shopping-carts');
    const today = getLocationToday(new Date(), location.timezone);
    for (const account of location.accounts.filter((a) => eligible.has(a.distributorId))) {
      const lines = cart.body.data.shoppingCart.filter(
        (line) =>
          line.item !== null &&
          line.item.distributorId === account.distributorId &&
          line.item.status === 'active' &&
          !line.item.isPunchedOut &&
          !line.item.isUnpurchasable,
      );
      if (lines.length === 0) continue;
      const date = listDeliveryDates(today, account.deliveryWeekdays).find((d) => d > today);
      if (!date) continue;
      const totals = getOrderTotals(
        lines.map((line) => ({
          quantity: line.quantity,
          price: line.item!.price,
          rebate: line.item!.rebate,
          isMarketPrice: line.item!.isMarketPrice,
          isSpecial: false,
        })),
      );
      jobs.push({
        user,
        distributorId: account.distributorId,
        body: {
          payment_token: null,
          paymentType: 'terms',
          requestedDeliveryDate: date,
          requestedDeliveryTime: getDeliverySlots(account.distributorId, date)[0]?.value ?? null,
          distributorId: account.distributorId,
          itemList: JSON.stringify(
            lines.map((line) => ({
              shoppingCartId: line.id,
              itemDistributorId: line.itemDistributorId,
              quantity: line.quantity,
            })),
          ),
          isSameDayDeliveryFee: 0,
          notes: 'Benchmark order',
          productPrice: totals.subtotal,
          skipOrderMinimum: 0,
          timezone: location.timezone,
        },
      });
    }
  }
  return { jobs, problems };
}

/** POST /orders: each job once, with its own Idempotency-Key. */
export function orderRequest(jobs: OrderJob[], runId: string): Request {
  let n = 0;
  return {
    method: 'POST',
    setupRequest: (request) => {
      const job = jobs[Math.min(n, jobs.length - 1)];
      const key = `bench-${runId}-${n}`;
      n += 1;
      return {
        ...request,
        method: 'POST',
        path: '/api/v1/orders',
        headers: { ...request.headers, ...bearer(job.user), 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(job.body),
      };
    },
  };
}

/** Whether a route exists on the server (any answer but the JSON 404 of an unknown path). */
export async function routeExists(
  baseUrl: string,
  user: BenchUser | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<boolean> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(user ? bearer(user) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 404) return true;
  const text = await response.text();
  return !text.includes('No route for');
}

/**
 * The suggested order of a location (issue 37: p95 ≤ 50 ms at 50 users on the chain-scale data), by
 * the managers of locations with inventory groups: counts, receipts, deliveries on the way and POS.
 */
export const SUGGESTED_ORDERS_SCENARIO = {
  row: {
    name: 'suggested orders: GET suggested-orders (per distributor, with explanations)',
    request: 'GET /api/v1/suggested-orders',
    budgetP95Ms: 50,
  },
  has: (location: BenchLocation) => location.areas.inventory && location.areas.inventoryListId !== null,
  pathOf: () => '/api/v1/suggested-orders',
};
