/**
 * The order scenario of `npm run bench` (and the cluster test's order writer): carts filled through
 * the API before the run, then each submitted as an order with its own Idempotency-Key.
 */
import {
  getDeliverySlots,
  getLocationToday,
  getOrderTotals,
  listDeliveryDates,
  toOrderLineForTotals,
  type CartLineForPricing,
} from '@stockpot/domain';
import { bearer, type BenchLocation, type BenchUser } from './api-scenarios';
import type { Request } from './load';

export interface OrderJob {
  user: BenchUser;
  distributorId: number;
  body: Record<string, unknown>;
}

/** A line of GET shopping-carts: what pricing needs (the domain's shape) and what the scenario filters on. */
interface CartLine extends CartLineForPricing {
  id: number;
  item:
    | (NonNullable<CartLineForPricing['item']> & {
        distributorId: number;
        status: string;
        isPunchedOut: boolean;
        isUnpurchasable: boolean;
      })
    | null;
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
  /** Orders per distributor and location, each of its own cart lines (more orders for a longer run). */
  ordersPerDistributor = 1,
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
      if (list.length < linesPerOrder * ordersPerDistributor) list.push(item.itemDistributorId);
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
      for (let first = 0; first < lines.length; first += linesPerOrder) {
        const chunk = lines.slice(first, first + linesPerOrder);
        const totals = getOrderTotals(
          // Priced as checkout prices it: a catch-weight line by its estimate (issue 32).
          chunk.map(toOrderLineForTotals),
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
              chunk.map((line) => ({
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
  }
  return { jobs: interleaveByLocation(jobs), problems };
}

/**
 * The jobs with consecutive ones from different locations: "10 at a time" is ten buyers, not one
 * location's cart sent to ten distributors at once, whose orders wait on each other's locks of the
 * same cart and items (until stop 55 the scenario sent them in that order; docs/performance.md).
 */
function interleaveByLocation(jobs: OrderJob[]): OrderJob[] {
  const queues = new Map<number, OrderJob[]>();
  for (const job of jobs) {
    const queue = queues.get(job.user.locationId) ?? [];
    queue.push(job);
    queues.set(job.user.locationId, queue);
  }
  const interleaved: OrderJob[] = [];
  for (let round = 0; interleaved.length < jobs.length; round += 1) {
    for (const queue of queues.values()) if (round < queue.length) interleaved.push(queue[round]);
  }
  return interleaved;
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
