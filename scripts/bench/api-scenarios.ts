/**
 * The API scenarios: who signs in, what each scenario asks the server, and the data the requests
 * are built from (read from the database before the run). Every request of a scenario rotates
 * through the signed-in users (so through many locations) and, for searches, through the terms.
 */
import { LIST_SORTS, type ListSort } from '@stockpot/domain';
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

export const bearer = (user: BenchUser) => ({ authorization: `Bearer ${user.token}` });

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

export function itemsPath(filterOptions: Record<string, unknown>, page: number, limit = PAGE_SIZE): string {
  return `/api/v1/items?filterOptions=${encodeURIComponent(JSON.stringify(filterOptions))}&limit=${limit}&page=${page}`;
}

/** GET items with a search, relevance order, first page: terms and users rotate independently. */
export function searchRequest(users: BenchUser[], terms: string[]): Request {
  return rotating((n) => ({ path: searchPath(n, terms), headers: bearer(users[n % users.length]) }));
}

const searchPath = (n: number, terms: string[]) => itemsPath({ sort: 'relevance', search: terms[(n * 7) % terms.length] }, 1);

/**
 * Every (user, path) a rotating request asks in one period of its rotation (the least common
 * multiple of its users' count and its path's own period), so the bench can ask each once before
 * the window: otherwise how many of the window's requests were asked before depends on how fast the
 * machine answers (200 users × 230 terms repeat after 4,600 requests, more than a slow machine
 * answers in the window).
 */
function requestsOfOnePeriod(
  users: BenchUser[],
  pathPeriod: number,
  pathOf: (n: number) => string,
): { user: BenchUser; path: string }[] {
  const period = leastCommonMultiple(users.length, pathPeriod);
  return Array.from({ length: period }, (_, n) => ({ user: users[n % users.length], path: pathOf(n) }));
}

/** searchRequest's (user, path) pairs of one period. */
export function searchRequestsOfOnePeriod(users: BenchUser[], terms: string[]) {
  return requestsOfOnePeriod(users, terms.length, (n) => searchPath(n, terms));
}

/** suggestionsRequest's (user, path) pairs of one period (its terms × its four lengths typed). */
export function suggestionsRequestsOfOnePeriod(users: BenchUser[], terms: string[]) {
  return requestsOfOnePeriod(users, leastCommonMultiple(terms.length, TYPED_LENGTHS), (n) => suggestionsPath(n, terms));
}

function leastCommonMultiple(a: number, b: number): number {
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
  return (a * b) / gcd(a, b);
}

/** The page size of a search's `pass`-th asking: 50, 49, 51, 48, 52 … 26, 74, then again. */
export function firstAskedPageSize(pass: number): number {
  const k = pass % 49;
  return PAGE_SIZE + (k % 2 === 1 ? (k + 1) / 2 : -k / 2);
}

/**
 * searchRequest with another page size on every pass over the terms (50, 49, 51, 48, 52 … 26, 74:
 * 50 on average): the same search, but a page the server has not kept (kept pages are keyed by
 * their size; a text in other capitals is the same key), so each request pays what a first-asked
 * search costs, until a term has been asked at all 49 sizes.
 */
export function firstAskedSearchRequest(users: BenchUser[], terms: string[]): Request {
  return rotating((n) => ({ path: firstAskedSearchPath(n, terms), headers: bearer(users[n % users.length]) }));
}

/** The n-th request's path of firstAskedSearchRequest (also the embedded profiler's `miss` scenario). */
export function firstAskedSearchPath(n: number, terms: string[]): string {
  const term = terms[(n * 7) % terms.length];
  return itemsPath({ sort: 'relevance', search: term }, 1, firstAskedPageSize(Math.floor(n / terms.length)));
}

export function suggestionsRequest(users: BenchUser[], terms: string[]): Request {
  return rotating((n) => ({ path: suggestionsPath(n, terms), headers: bearer(users[n % users.length]) }));
}

/** What is typed so far: the first 3–6 characters of a term. */
const TYPED_LENGTHS = 4;

/** The n-th request's path of suggestionsRequest (also the embedded profiler's `suggestions` scenario). */
export function suggestionsPath(n: number, terms: string[]): string {
  const typed = terms[(n * 7) % terms.length].slice(0, 3 + (n % TYPED_LENGTHS));
  return `/api/v1/items/search-suggestions?search=${encodeURIComponent(typed)}`;
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
