/**
 * About twelve months of past orders for each location (GLOSSARY "Order guide"; doc 3 "Order
 * history"): every location orders from each of its distributors once or twice a week, for delivery
 * on the distributor's delivery days, 8–30 lines of what it can order from that distributor, with a
 * few staples bought far more often than the rest. The purchase summary on location_items
 * (Purchased tag, Most Purchased sort, last purchase) is then derived from the orders in SQL.
 * Planned in memory (pure, deterministic), then written in a handful of multi-row statements.
 */
import { sql } from 'drizzle-orm';
import { parseCents, parseDecimal, toDecimalString } from '@stockpot/domain';
import type { Database } from '../src/client';
import type { CatalogOffer } from './catalog';
import { getSeededOrderCents, toAverageWeight, weighCases } from './catch-weights';
import { addDays, instantOn } from './dates';
import { DEMO_IDS, DEMO_TIMEZONE, DISTRIBUTOR_IDS, LOCATION_DISTRIBUTORS, USERS } from './demo-accounts';
import type { DemoPlan } from './demo-plan';
import { scaleCents } from './pricing';
import { refreshPurchaseSummary } from './purchase-summary';
import { createRandom, type Random } from './random';
import { chunk } from './sql-helpers';

export interface PlannedOrderLine {
  id: number;
  itemDistributorId: number;
  description: string;
  din: string;
  brand: string;
  packSize: string;
  unitMeasure: string;
  quantity: number;
  priceCents: number;
  isMarketPrice: boolean;
  rebateCents: number;
  isCatchWeight: boolean;
  averageWeight: string | null;
  /** Pounds weighed at receiving (received orders' catch-weight lines), else null. */
  receivedWeight: string | null;
}

export interface PlannedOrder {
  id: number;
  locationId: number;
  distributorId: number;
  userId: number;
  status: 'submitted' | 'received' | 'cancelled';
  /** ISO instant. */
  createdAt: string;
  requestedDeliveryDate: string;
  requestedDeliveryTime: string | null;
  notes: string;
  subtotalCents: number;
  totalRebatesCents: number;
  lines: PlannedOrderLine[];
}

/** How far back the history goes. */
export const ORDER_HISTORY_DAYS = 365;
const MIN_LINES = 8;
const MAX_LINES = 30;
const MAX_QUANTITY = 12;
const NOTES = ['Please deliver to the back door.', 'Call the kitchen on arrival.', 'Leave with the kitchen manager.'];

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

interface OrderableItem {
  offer: CatalogOffer;
  name: string;
  priceCents: number;
  /** Dropped from the latest guide: bought before it, not since. */
  isPunchedOut: boolean;
  /** Relative chance of being on an order: staples high, occasional buys low. */
  weight: number;
  usualQuantity: number;
}

/** What a location can order from a distributor: the items of its guides that are active and not call-in. */
function listOrderableItems(plan: DemoPlan, locationId: number, distributorId: number, random: Random): OrderableItem[] {
  const offers = new Map(plan.catalog.offers.map((offer) => [offer.id, offer]));
  const names = new Map(plan.catalog.items.map((item) => [item.id, item.name]));
  const guides = plan.guides.filter((g) => g.locationId === locationId && g.distributorId === distributorId);
  const latest = guides[guides.length - 1];
  const prices = new Map<number, { priceCents: number; isPunchedOut: boolean }>();
  // Guides are in the order they were applied; the last price wins, as on location_items.
  for (const guide of guides) {
    for (const line of guide.lines) {
      prices.set(line.itemDistributorId, { priceCents: parseCents(line.price), isPunchedOut: guide !== latest });
    }
  }
  for (const line of latest?.lines ?? []) prices.get(line.itemDistributorId)!.isPunchedOut = false;

  const orderable = [...prices.entries()]
    .map(([id, price]) => ({ offer: offers.get(id)!, ...price }))
    .filter(({ offer }) => offer.status === 'active' && !offer.isUnpurchasable)
    .sort((a, b) => a.offer.id - b.offer.id);
  // A tenth of the items are staples, a fifth regulars, the rest occasional or hardly ever bought.
  return random.shuffle(orderable).map((item, rank) => {
    const share = rank / orderable.length;
    const weight = share < 0.1 ? 16 : share < 0.3 ? 4 : share < 0.6 ? 1 : 0.1;
    return {
      ...item,
      name: names.get(item.offer.itemId)!,
      weight,
      usualQuantity: weight >= 16 ? random.int(2, 10) : random.int(1, 4),
    };
  });
}

/** `count` items drawn without replacement, each with a chance proportional to its weight (Efraimidis–Spirakis). */
function drawWeighted(items: OrderableItem[], count: number, random: Random): OrderableItem[] {
  return items
    .map((item) => ({ item, key: Math.pow(random.next(), 1 / item.weight) }))
    .sort((a, b) => b.key - a.key)
    .slice(0, count)
    .map(({ item }) => item)
    .sort((a, b) => a.offer.id - b.offer.id);
}

function deliveryTimeFor(distributorId: number, isDelivery: number, random: Random): string | null {
  if (distributorId === DISTRIBUTOR_IDS.harborline || distributorId === DISTRIBUTOR_IDS.northeastProvisions) {
    return random.pick(['9am-1pm', '1pm-5pm']);
  }
  return isDelivery === 1 ? random.pick(['8am-11am', '11am-2pm']) : null;
}

/**
 * Plans the order history up to `today`. Orders delivered in the last two days or still to be
 * delivered are 'submitted'; about 3 % of the others were cancelled, the rest received. Totals follow the one
 * line rule (market-price lines count 0, catch weight its estimate, or its weight once received:
 * catch-weights.ts); rebates are per case on every line.
 */
export function planOrderHistory(plan: DemoPlan, seed: number): PlannedOrder[] {
  const { today } = plan;
  const random = createRandom(seed, 'orders');
  const firstDay = addDays(today, -ORDER_HISTORY_DAYS);
  const latestGuideStart = addDays(today, -7);
  const firstMonday = addDays(firstDay, 1 - isoWeekday(firstDay));
  const orders: Omit<PlannedOrder, 'id'>[] = [];

  for (const link of LOCATION_DISTRIBUTORS) {
    const items = listOrderableItems(plan, link.locationId, link.distributorId, random);
    if (items.length === 0) continue;
    const buyers = USERS.filter((user) => (user.locationIds as number[]).includes(link.locationId)).map((user) => user.id);
    // Up to next week: an order placed today or yesterday may be for delivery after the weekend.
    for (let monday = firstMonday; monday <= addDays(today, 7); monday = addDays(monday, 7)) {
      const perWeek = link.deliveryWeekdays.length > 1 && random.chance(0.5) ? 2 : 1;
      const weekdays = random.sample(link.deliveryWeekdays, perWeek).sort((a, b) => a - b);
      for (const weekday of weekdays) {
        const deliveryDate = addDays(monday, weekday - 1);
        const orderDate = addDays(deliveryDate, -random.int(1, 2));
        if (orderDate < firstDay || orderDate > today) continue;
        const available = orderDate < latestGuideStart ? items : items.filter((item) => !item.isPunchedOut);
        const lineCount = Math.min(available.length, random.int(MIN_LINES, MAX_LINES));
        // Prices drift up about 1 % a quarter, with a little noise from order to order.
        const percent = 100 - Math.floor((Date.parse(today) - Date.parse(orderDate)) / (91 * 86_400_000)) + random.int(-1, 1);
        const lines = drawWeighted(available, lineCount, random).map((item) => ({
          id: 0,
          itemDistributorId: item.offer.id,
          description: item.name,
          din: item.offer.din,
          brand: item.offer.brand,
          packSize: item.offer.pack.packSize,
          unitMeasure: item.offer.unitMeasure,
          quantity: Math.min(MAX_QUANTITY, Math.max(1, item.usualQuantity + random.int(-1, 2))),
          priceCents: scaleCents(item.priceCents, percent),
          isMarketPrice: item.offer.isMarketPrice,
          rebateCents: item.offer.rebateCents,
          isCatchWeight: item.offer.isCatchWeight,
          averageWeight: toAverageWeight(item.offer.isCatchWeight, item.offer.averageWeightE4),
          receivedWeight: null,
        }));
        // Deliveries of the last two days are often not checked in yet.
        const isDelivered = deliveryDate < addDays(today, -2);
        const createdAt = new Date(instantOn(orderDate).getTime() + random.int(-60, 360) * 60_000).toISOString();
        orders.push({
          locationId: link.locationId,
          distributorId: link.distributorId,
          userId: random.pick(buyers),
          status: !isDelivered ? 'submitted' : random.chance(0.03) ? 'cancelled' : 'received',
          createdAt,
          requestedDeliveryDate: deliveryDate,
          requestedDeliveryTime: deliveryTimeFor(link.distributorId, link.isDelivery, random),
          notes: random.chance(0.1) ? random.pick(NOTES) : '',
          subtotalCents: 0,
          totalRebatesCents: lines.reduce((sum, l) => sum + l.quantity * l.rebateCents, 0),
          lines,
        });
      }
    }
  }

  // Ids in the order the orders were placed, as a live system would have given them.
  const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  orders.sort(
    (a, b) => compareText(a.createdAt, b.createdAt) || a.locationId - b.locationId || a.distributorId - b.distributorId,
  );
  let lineId = 0;
  // Weights come from their own stream, so the rest of the history stays as it was planned.
  const scales = createRandom(seed, 'catch-weights');
  return orders.map((order, index) => {
    const lines = order.lines.map((line) => ({
      ...line,
      id: (lineId += 1),
      receivedWeight:
        order.status === 'received' && line.averageWeight !== null
          ? weighCases(parseDecimal(line.averageWeight, 4), line.quantity, scales)
          : null,
    }));
    return { ...order, id: index + 1, lines, subtotalCents: getSeededOrderCents(lines) };
  });
}

const INSERT_BATCH = 2000;

/** Writes the planned history (orders, then lines, in batches) and derives the purchase summary. */
export async function seedOrderHistory(db: Database, orders: PlannedOrder[]): Promise<void> {
  for (const batch of chunk(orders, INSERT_BATCH)) {
    const rows = JSON.stringify(
      batch.map((o) => ({
        id: o.id,
        location_id: o.locationId,
        distributor_id: o.distributorId,
        user_id: o.userId,
        status: o.status,
        requested_delivery_date: o.requestedDeliveryDate,
        requested_delivery_time: o.requestedDeliveryTime,
        notes: o.notes,
        line_items: o.lines.length,
        subtotal: toDecimalString(o.subtotalCents, 2),
        total: toDecimalString(o.subtotalCents, 2),
        total_rebates: toDecimalString(o.totalRebatesCents, 2),
        created_at: o.createdAt,
      })),
    );
    await db.execute(sql`
      INSERT INTO orders (id, location_id, distributor_id, user_id, status, requested_delivery_date, requested_delivery_time,
                          notes, payment_type, line_items, subtotal, delivery_fee, total, total_rebates, timezone, created_at)
      SELECT r.id, r.location_id, r.distributor_id, r.user_id, r.status, r.requested_delivery_date, r.requested_delivery_time,
             r.notes, 'terms', r.line_items, r.subtotal, 0, r.total, r.total_rebates, ${DEMO_TIMEZONE}, r.created_at
      FROM jsonb_to_recordset(${rows}::jsonb) AS r(id integer, location_id integer, distributor_id integer, user_id integer,
        status text, requested_delivery_date date, requested_delivery_time text, notes text, line_items integer,
        subtotal numeric(12, 2), total numeric(12, 2), total_rebates numeric(12, 2), created_at timestamptz)`);
  }
  const lines = orders.flatMap((order) => order.lines.map((line) => ({ order, line })));
  for (const batch of chunk(lines, INSERT_BATCH)) {
    const rows = JSON.stringify(
      batch.map(({ order, line }) => ({
        id: line.id,
        order_id: order.id,
        location_id: order.locationId,
        item_distributor_id: line.itemDistributorId,
        description: line.description,
        din: line.din,
        brand: line.brand,
        pack_size: line.packSize,
        unit_measure: line.unitMeasure,
        quantity: line.quantity,
        price: toDecimalString(line.priceCents, 2),
        is_market_price: line.isMarketPrice,
        rebate: toDecimalString(line.rebateCents, 2),
        is_catch_weight: line.isCatchWeight,
        average_weight: line.averageWeight,
        received_weight: line.receivedWeight,
      })),
    );
    await db.execute(sql`
      INSERT INTO order_items (id, order_id, location_id, item_distributor_id, is_special, description, din, brand, pack_size,
                               unit_measure, quantity, price, is_market_price, rebate, is_catch_weight, average_weight, received_weight)
      SELECT r.id, r.order_id, r.location_id, r.item_distributor_id, false, r.description, r.din, r.brand, r.pack_size,
             r.unit_measure, r.quantity, r.price, r.is_market_price, r.rebate, r.is_catch_weight, r.average_weight, r.received_weight
      FROM jsonb_to_recordset(${rows}::jsonb) AS r(id integer, order_id integer, location_id integer, item_distributor_id integer,
        description text, din text, brand text, pack_size text, unit_measure text, quantity integer, price numeric(12, 2),
        is_market_price boolean, rebate numeric(12, 2), is_catch_weight boolean, average_weight numeric(12, 4),
        received_weight numeric(12, 4))`);
  }
  for (const table of ['orders', 'order_items']) {
    await db.execute(
      sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), greatest(1, (SELECT max(id) FROM ${sql.identifier(table)})))`,
    );
  }
  await refreshPurchaseSummary(db, Object.values(DEMO_IDS.locations));
}
