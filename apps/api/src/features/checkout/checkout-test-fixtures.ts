/**
 * Test set-up for the checkout and savings API tests: cart lines written straight into the
 * database (the cart endpoints belong to the cart area), delivery dates on the location's
 * calendar, and the reviewed total the client would send.
 */
import { vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { addDaysToIsoDate, getIsoWeekday, getLocationToday } from '@stockpot/domain';
import { getEffectivePrice } from '../../platform/item-price';
import { loadCartLines } from '../../platform/cart/cart-lines.repo';

export const DEMO_ZONE = 'America/New_York';

export function locationToday(): string {
  return getLocationToday(new Date(), DEMO_ZONE);
}

/** The first date from `fromOffset` days after today whose ISO weekday is (or is not) in `weekdays`. */
export function findDate(weekdays: number[], { fromOffset = 1, isDeliveryDay = true } = {}): string {
  for (let offset = fromOffset; offset < fromOffset + 14; offset += 1) {
    const date = addDaysToIsoDate(locationToday(), offset);
    if (weekdays.includes(getIsoWeekday(date)) === isDeliveryDay) return date;
  }
  throw new Error('no such date within two weeks');
}

/** Orderable case items of a distributor on the location's guide: active, bought online, priced, not market price. */
export async function findOrderableItems(
  db: Database,
  locationId: number,
  distributorId: number,
  count: number,
  offset = 0,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT d.id FROM location_items li JOIN item_distributors d ON d.id = li.item_distributor_id
        WHERE li.location_id = ${locationId} AND d.distributor_id = ${distributorId} AND NOT li.is_punched_out
          AND d.status = 'active' AND NOT d.is_unpurchasable AND NOT d.is_market_price AND d.unit_measure = 'CS'
          AND NOT EXISTS (SELECT 1 FROM cart_items c WHERE c.location_id = ${locationId} AND c.item_distributor_id = d.id)
        ORDER BY d.id LIMIT ${count} OFFSET ${offset}`,
  );
  if (rows.length < count) throw new Error(`only ${rows.length} orderable items of distributor ${distributorId}`);
  return rows.map((r) => r.id);
}

export async function addCartLine(
  db: Database,
  locationId: number,
  itemDistributorId: number,
  quantity: number,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO cart_items (location_id, item_distributor_id, quantity) VALUES (${locationId}, ${itemDistributorId}, ${quantity})
        RETURNING id`,
  );
  return row.id;
}

export async function addSpecialLine(
  db: Database,
  locationId: number,
  distributorId: number,
  description: string,
  quantity = 1,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO cart_items (location_id, quantity, special_distributor_id, special_description, special_uom)
        VALUES (${locationId}, ${quantity}, ${distributorId}, ${description}, 'case') RETURNING id`,
  );
  return row.id;
}

/** What the client adds up on the review screen: quantity × today's price, market-price and special lines 0. */
export async function getReviewedTotal(db: Database, locationId: number, cartIds: number[]): Promise<number> {
  const today = locationToday();
  const lines = await loadCartLines(db, locationId, { ids: cartIds, today });
  return lines.reduce((sum, line) => {
    if (line.itemDistributorId === null || line.isMarketPrice) return sum;
    return sum + line.quantity * getEffectivePrice(line);
  }, 0);
}

/** A POST orders body for cart lines of one distributor, as the review screen sends it (on terms unless a card token is given). */
export async function buildOrderPayload(
  db: Database,
  locationId: number,
  distributorId: number,
  cartIds: number[],
  { quantity, cardToken }: { quantity?: number; cardToken?: string } = {},
): Promise<Record<string, unknown>> {
  const lines = await queryRows<{ id: number; quantity: number }>(
    db,
    sql`SELECT id, quantity FROM cart_items WHERE location_id = ${locationId} AND id IN (${sql.join(
      cartIds.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY id`,
  );
  return {
    payment_token: cardToken ?? null,
    paymentType: cardToken ? 'card' : 'terms',
    requestedDeliveryDate: findDate([1, 3, 5]),
    distributorId,
    itemList: JSON.stringify(lines.map((line) => ({ shoppingCartId: line.id, quantity: quantity ?? line.quantity }))),
    isSameDayDeliveryFee: 0,
    notes: '',
    productPrice: await getReviewedTotal(db, locationId, cartIds),
    requestedDeliveryTime: '',
    skipOrderMinimum: 0,
    timezone: 'America/New_York',
  };
}

export async function countRows(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, query);
  return row.count;
}

/** The state of an order's purchase order job in the queue (pg-boss's job table), or null when there is none. */
export async function findPurchaseOrderJob(
  db: Database,
  orderId: number,
): Promise<{ id: string; state: string; retry_count: number } | null> {
  const [job] = await queryRows<{ id: string; state: string; retry_count: number }>(
    db,
    sql`SELECT id::text, state::text, retry_count FROM pgboss.job
        WHERE name = 'purchase-order' AND (data->>'orderId')::int = ${orderId}`,
  );
  return job ?? null;
}

/** Waits (polling, bounded) until the order's purchase order job has finished: completed, or failed after its retries. */
export async function waitForPurchaseOrderJob(
  db: Database,
  orderId: number,
  state: 'completed' | 'failed' = 'completed',
  timeout = 30_000,
) {
  await vi.waitFor(
    async () => {
      const job = await findPurchaseOrderJob(db, orderId);
      if (job?.state !== state) throw new Error(`the purchase order job of order ${orderId} is ${job?.state ?? 'missing'}`);
    },
    { timeout, interval: timeout > 30_000 ? 500 : 50 },
  );
}
