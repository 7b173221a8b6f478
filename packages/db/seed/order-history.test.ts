import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getOrderLineCents, parseCents, parseDecimal } from '@stockpot/domain';
import { openDatabase, type Database, type DatabaseHandle } from '../src/client';
import { addDays } from './dates';
import { DEMO_IDS, LOCATION_DISTRIBUTORS } from './demo-accounts';
import { DEMO_SEED, planDemo } from './demo-plan';
import { ORDER_HISTORY_DAYS, refreshPurchaseSummary, seedDemo, type DemoSummary } from './index';
import { planOrderHistory } from './order-history';
import { queryRows } from './sql-helpers';

interface LineRow {
  order_id: number;
  quantity: number;
  price: string;
  rebate: string;
  unit_measure: string;
  is_market_price: boolean;
  is_catch_weight: boolean;
  average_weight: string | null;
  received_weight: string | null;
}

const TODAY = '2025-03-14';
let handle: DatabaseHandle;
let db: Database;
let summary: DemoSummary;

beforeAll(async () => {
  handle = await openDatabase();
  await handle.migrate();
  db = handle.db;
  summary = await seedDemo(db, { today: TODAY });
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('order history plan', () => {
  test('is the same for the same seed and day', () => {
    const plan = planDemo({ today: TODAY, catalogSize: 400 });
    expect(planOrderHistory(plan, DEMO_SEED)).toEqual(planOrderHistory(plan, DEMO_SEED));
  });
});

describe('seeded order history', () => {
  test('about twelve months of orders, once or twice a week per location and distributor', async () => {
    expect(summary.orders).toBeGreaterThan(500);
    expect(summary.orderItems).toBeGreaterThan(summary.orders * 8);
    const perLink = await queryRows<{ location_id: number; distributor_id: number; orders: number; first: string; last: string }>(
      db,
      sql`SELECT location_id, distributor_id, count(*)::int AS orders,
                 min((created_at AT TIME ZONE timezone)::date)::text AS first, max((created_at AT TIME ZONE timezone)::date)::text AS last
          FROM orders GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(perLink.map((r) => `${r.location_id}/${r.distributor_id}`)).toEqual(
      LOCATION_DISTRIBUTORS.map((l) => `${l.locationId}/${l.distributorId}`).sort(),
    );
    for (const link of perLink) {
      // 52 weeks × 1–2 orders.
      expect(link.orders, `${link.location_id}/${link.distributor_id}`).toBeGreaterThanOrEqual(50);
      expect(link.orders, `${link.location_id}/${link.distributor_id}`).toBeLessThanOrEqual(106);
      expect(link.first >= addDays(TODAY, -ORDER_HISTORY_DAYS)).toBe(true);
      expect(link.first <= addDays(TODAY, -355)).toBe(true);
      expect(link.last <= TODAY).toBe(true);
      expect(link.last >= addDays(TODAY, -7)).toBe(true);
    }
    const [weekly] = await queryRows<{ max_per_week: number }>(
      db,
      sql`SELECT max(n)::int AS max_per_week FROM (
            SELECT count(*) AS n FROM orders GROUP BY location_id, distributor_id, date_trunc('week', requested_delivery_date)) t`,
    );
    expect(weekly.max_per_week).toBeLessThanOrEqual(2);
  });

  test('orders carry 8–30 lines of 1–12 of the location’s orderable items of that distributor', async () => {
    const [shape] = await queryRows<{ min_lines: number; max_lines: number; min_qty: number; max_qty: number; wrong: number }>(
      db,
      sql`SELECT min(o.line_items)::int AS min_lines, max(o.line_items)::int AS max_lines,
                 (SELECT min(quantity)::int FROM order_items) AS min_qty, (SELECT max(quantity)::int FROM order_items) AS max_qty,
                 (SELECT count(*)::int FROM order_items oi
                    JOIN orders o2 ON o2.id = oi.order_id
                    LEFT JOIN location_items li ON li.location_id = o2.location_id AND li.item_distributor_id = oi.item_distributor_id
                    LEFT JOIN item_distributors d ON d.id = oi.item_distributor_id
                   WHERE li.item_distributor_id IS NULL OR d.distributor_id <> o2.distributor_id OR d.status <> 'active'
                      OR d.is_unpurchasable OR oi.location_id <> o2.location_id OR oi.din <> d.din) AS wrong
          FROM orders o`,
    );
    expect(shape).toEqual({ min_lines: 8, max_lines: 30, min_qty: 1, max_qty: 12, wrong: 0 });
    const mismatched = await queryRows<{ id: number }>(
      db,
      sql`SELECT o.id FROM orders o WHERE o.line_items <> (SELECT count(*) FROM order_items oi WHERE oi.order_id = o.id)`,
    );
    expect(mismatched).toEqual([]);
  });

  test('totals agree with the lines to the cent by the one line rule: market price 0, catch weight by weight, rebates per case', async () => {
    const lines = await queryRows<LineRow>(
      db,
      sql`SELECT oi.order_id, oi.quantity, oi.price::text AS price, oi.rebate::text AS rebate, oi.unit_measure,
                 oi.is_market_price, oi.is_catch_weight, oi.average_weight::text AS average_weight,
                 oi.received_weight::text AS received_weight
          FROM order_items oi ORDER BY oi.id`,
    );
    const orders = await queryRows<{ id: number; subtotal: string; total: string; delivery_fee: string; total_rebates: string }>(
      db,
      sql`SELECT id, subtotal::text AS subtotal, total::text AS total, delivery_fee::text AS delivery_fee,
                 total_rebates::text AS total_rebates FROM orders ORDER BY id`,
    );
    const sums = new Map<number, { cents: number; rebates: number }>();
    for (const line of lines) {
      const sum = sums.get(line.order_id) ?? { cents: 0, rebates: 0 };
      sum.cents += getOrderLineCents({
        quantity: line.quantity,
        price: parseCents(line.price),
        statusReceived: null,
        qtyReduction: 0,
        isUnpriced: line.is_market_price,
        unitMeasure: line.unit_measure,
        isCatchWeight: line.is_catch_weight,
        averageWeight: line.average_weight,
        receivedWeight: line.received_weight,
      });
      sum.rebates += line.quantity * parseCents(line.rebate);
      sums.set(line.order_id, sum);
    }
    const wrong = orders.filter((o) => {
      const sum = sums.get(o.id) ?? { cents: 0, rebates: 0 };
      return (
        parseCents(o.subtotal) !== sum.cents ||
        parseCents(o.total) !== sum.cents + parseCents(o.delivery_fee) ||
        parseCents(o.total_rebates) !== sum.rebates
      );
    });
    expect(wrong.map((o) => o.id)).toEqual([]);
    expect(lines.some((l) => l.is_market_price)).toBe(true);
    expect(lines.some((l) => parseCents(l.rebate) > 0)).toBe(true);
  });

  test('catch-weight lines keep their average case weight, and received ones were weighed within 5 % of it per case', async () => {
    const lines = await queryRows<{
      status: string;
      quantity: number;
      average_weight: string | null;
      received_weight: string | null;
    }>(
      db,
      sql`SELECT o.status, oi.quantity, oi.average_weight::text AS average_weight, oi.received_weight::text AS received_weight
          FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE oi.is_catch_weight`,
    );
    expect(lines.filter((l) => l.status === 'submitted').length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.status === 'received').length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.average_weight).not.toBeNull();
      if (line.status !== 'received') {
        expect(line.received_weight).toBeNull();
        continue;
      }
      // Pounds in ten-thousandths: each case between 95 % and 105 % of the average.
      const average = parseDecimal(line.average_weight!, 4) * line.quantity;
      const weighed = parseDecimal(line.received_weight!, 4);
      expect(weighed * 100).toBeGreaterThanOrEqual(average * 95 - 50 * line.quantity);
      expect(weighed * 100).toBeLessThanOrEqual(average * 105 + 50 * line.quantity);
    }
  });

  test('mostly received, a few cancelled, the latest still submitted', async () => {
    const statuses = await queryRows<{ status: string; count: number; latest_delivery: string; earliest_delivery: string }>(
      db,
      sql`SELECT status, count(*)::int AS count, max(requested_delivery_date)::text AS latest_delivery,
                 min(requested_delivery_date)::text AS earliest_delivery
          FROM orders GROUP BY status ORDER BY status`,
    );
    const by = Object.fromEntries(statuses.map((s) => [s.status, s]));
    expect(Object.keys(by).sort()).toEqual(['cancelled', 'received', 'submitted']);
    expect(by.received.count).toBeGreaterThan(summary.orders * 0.9);
    expect(by.cancelled.count).toBeGreaterThan(0);
    expect(by.cancelled.count).toBeLessThan(summary.orders * 0.06);
    expect(by.submitted.count).toBeGreaterThan(0);
    expect(by.submitted.earliest_delivery >= addDays(TODAY, -2)).toBe(true);
    expect(by.received.latest_delivery < addDays(TODAY, -2)).toBe(true);
  });

  test('the purchase summary on location_items is derived from the orders that were not cancelled', async () => {
    const wrong = await queryRows<{ location_id: number; item_distributor_id: number }>(
      db,
      sql`SELECT li.location_id, li.item_distributor_id FROM location_items li
          LEFT JOIN LATERAL (
            SELECT sum(oi.quantity)::int AS qty FROM order_items oi JOIN orders o ON o.id = oi.order_id
            WHERE oi.location_id = li.location_id AND oi.item_distributor_id = li.item_distributor_id AND o.status <> 'cancelled') s ON true
          LEFT JOIN LATERAL (
            SELECT (o.created_at AT TIME ZONE o.timezone)::date AS day, oi.quantity, oi.price
            FROM order_items oi JOIN orders o ON o.id = oi.order_id
            WHERE oi.location_id = li.location_id AND oi.item_distributor_id = li.item_distributor_id AND o.status <> 'cancelled'
            ORDER BY o.created_at DESC, o.id DESC LIMIT 1) last ON true
          WHERE li.purchased_quantity <> coalesce(s.qty, 0)
             OR li.last_purchased_date IS DISTINCT FROM last.day
             OR li.last_purchased_qty IS DISTINCT FROM last.quantity
             OR li.last_purchased_price IS DISTINCT FROM last.price`,
    );
    expect(wrong).toEqual([]);
    const [counts] = await queryRows<{ purchased: number; never: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE purchased_quantity > 0)::int AS purchased, count(*) FILTER (WHERE purchased_quantity = 0)::int AS never
          FROM location_items WHERE location_id = ${DEMO_IDS.locations.harborGrill}`,
    );
    expect(counts.purchased).toBeGreaterThan(300);
    expect(counts.never).toBeGreaterThan(50);
  }, 30_000);

  test('a few staples make up much of what is bought', async () => {
    const [share] = await queryRows<{ top_share: string }>(
      db,
      sql`SELECT (sum(q) FILTER (WHERE rank <= n / 10))::numeric / sum(q) AS top_share
          FROM (SELECT purchased_quantity AS q, row_number() OVER (ORDER BY purchased_quantity DESC) AS rank, count(*) OVER () AS n
                FROM location_items WHERE location_id = ${DEMO_IDS.locations.harborGrill} AND purchased_quantity > 0) t`,
    );
    expect(Number(share.top_share)).toBeGreaterThan(0.4);
  });

  test('refreshing the summary is idempotent and resets items no longer bought', async () => {
    const before = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT item_distributor_id, purchased_quantity, last_purchased_date::text, last_purchased_qty, last_purchased_price::text
          FROM location_items ORDER BY location_id, item_distributor_id`,
    );
    await refreshPurchaseSummary(db, Object.values(DEMO_IDS.locations));
    const after = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT item_distributor_id, purchased_quantity, last_purchased_date::text, last_purchased_qty, last_purchased_price::text
          FROM location_items ORDER BY location_id, item_distributor_id`,
    );
    expect(after).toEqual(before);

    const [item] = await queryRows<{ item_distributor_id: number }>(
      db,
      sql`SELECT item_distributor_id FROM location_items WHERE location_id = ${DEMO_IDS.locations.harborGrillExpress}
          AND purchased_quantity > 0 ORDER BY item_distributor_id LIMIT 1`,
    );
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id IN (
        SELECT order_id FROM order_items WHERE location_id = ${DEMO_IDS.locations.harborGrillExpress}
          AND item_distributor_id = ${item.item_distributor_id})`);
        await refreshPurchaseSummary(tx, [DEMO_IDS.locations.harborGrillExpress]);
        const [row] = await queryRows<{ purchased_quantity: number; last_purchased_date: string | null }>(
          tx,
          sql`SELECT purchased_quantity, last_purchased_date::text FROM location_items
            WHERE location_id = ${DEMO_IDS.locations.harborGrillExpress} AND item_distributor_id = ${item.item_distributor_id}`,
        );
        expect(row).toEqual({ purchased_quantity: 0, last_purchased_date: null });
        tx.rollback();
      })
      .catch((error: unknown) => {
        // rollback() ends the transaction by throwing; anything else is a failure.
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
  });
});
