import {
  ANALYTICS_OTHER_CATEGORY,
  computeOrderTotals,
  SAVINGS_TYPES,
  getAnalyticsRange,
  getLocationToday,
  getSliceColor,
  parseCents,
  sumCents,
  toPageMeta,
  type AnalyticsDetailQuery,
  type AnalyticsDetailRow,
  type AnalyticsFilterType,
  type AnalyticsLastPurchased,
  type AnalyticsOrderRow,
  type AnalyticsResponse,
  type PageMeta,
} from '@stockpot/domain';
import { refreshAnalyticsDays, type Database } from '@stockpot/db';
import * as repo from './analytics.repo';

/** What every ranged read takes: the filter and, for CUSTOM, its dates (already validated). */
export interface RangeInput {
  filter_type: AnalyticsFilterType;
  start_date?: string;
  end_date?: string;
}

/**
 * The range of the location's calendar a filter covers today. With `refreshAggregate`, the days of
 * the location's daily aggregate that the triggers marked are recomputed first.
 */
export async function resolveRange(
  db: Database,
  locationId: number,
  input: RangeInput,
  { now = new Date(), refreshAggregate = false }: { now?: Date; refreshAggregate?: boolean } = {},
): Promise<repo.Range> {
  const { timezone, aggregateStale } = await repo.findLocationClock(db, locationId);
  if (refreshAggregate && aggregateStale) await refreshAnalyticsDays(db, locationId);
  const today = getLocationToday(now, timezone);
  const { startDate, endDate } = getAnalyticsRange(input.filter_type, today, {
    startDate: input.start_date,
    endDate: input.end_date,
  });
  return { locationId, timezone, startDate, endDate };
}

const OTHER_CATEGORY = ANALYTICS_OTHER_CATEGORY;

/**
 * GET analytics (doc 3 §3 "Analytics response"). Total purchases are the range's order totals;
 * the distributor donut splits exactly those totals, the category donut splits the priced lines
 * and puts the rest in OTHER_CATEGORY so it adds up to the same figure. Total savings is the sum of
 * its four types (docs/decisions.md "Analytics").
 */
export async function getAnalytics(db: Database, locationId: number, input: RangeInput): Promise<AnalyticsResponse> {
  const range = await resolveRange(db, locationId, input, { refreshAggregate: true });
  const { distributors: byDistributor, categories: byCategory } = await repo.sumRange(db, range);
  const purchases = byDistributor.map((row) => parseCents(row.purchases));
  const totalPurchases = sumCents(purchases);
  const categoryData = byCategory
    .map((row) => ({ category: row.category, total: parseCents(row.total) }))
    .filter((row) => row.total !== 0);
  const other = totalPurchases - sumCents(categoryData.map((row) => row.total));
  if (other !== 0) categoryData.push({ category: OTHER_CATEGORY, total: other });

  const savings: Record<(typeof SAVINGS_TYPES)[number], number> = {
    matchSavings: sumCents(byDistributor.map((row) => Number(row.match_savings))),
    distributorSavings: sumCents(byDistributor.map((row) => parseCents(row.distributor_savings))),
    rebateSavings: sumCents(byDistributor.map((row) => parseCents(row.rebates))),
    inventoryViewSavings: sumCents(byDistributor.map((row) => parseCents(row.inventory_view_savings))),
  };
  const savingsDetail = SAVINGS_TYPES.map((name) => ({ name, amount: savings[name] }));

  return {
    total_purchases: {
      total: totalPurchases,
      detail: {
        distributorData: byDistributor.map((row, index) => ({
          distributor: row.distributor,
          total: purchases[index],
          distributor_id: row.distributor_id,
          color: getSliceColor(index),
        })),
        categoryData: categoryData.map((row, index) => ({ ...row, color: getSliceColor(index) })),
      },
    },
    total_orders: {
      total: byDistributor.reduce((sum, row) => sum + row.orders, 0),
      detail: {
        distributorData: [...byDistributor]
          .sort(
            (a, b) => b.orders - a.orders || a.distributor.localeCompare(b.distributor) || a.distributor_id - b.distributor_id,
          )
          .map((row, index) => ({
            distributor: row.distributor,
            total: row.orders,
            distributor_id: row.distributor_id,
            color: getSliceColor(index),
          })),
      },
    },
    total_savings: { total: sumCents(savingsDetail.map((s) => s.amount)), detail: savingsDetail },
    start_date: range.startDate,
    end_date: range.endDate,
  };
}

/** GET analytics/detail, section purchase: the purchased items table. */
export async function listPurchaseDetail(
  db: Database,
  locationId: number,
  query: AnalyticsDetailQuery,
): Promise<{ data: AnalyticsDetailRow[]; _meta: PageMeta }> {
  const range = await resolveRange(db, locationId, query);
  const { rows, totalCount } = await repo.listPurchaseDetail(
    db,
    range,
    { distributorId: query.distributor_id, category: query.category },
    query.sort ?? '-tot_spent',
    query.limit,
    (query.page - 1) * query.limit,
  );
  return {
    data: rows.map((row) => {
      const spent = parseCents(row.tot_spent);
      return {
        item_distributor_id: row.item_distributor_id,
        name: row.name,
        distributor: row.distributor,
        distributor_id: row.distributor_id,
        pack_size: row.pack_size,
        total_quantity: row.total_quantity,
        unit_measure: row.unit_measure,
        tot_spent: spent,
        average_price: row.total_quantity > 0 ? Math.round(spent / row.total_quantity) : 0,
        best_price: parseCents(row.best_price),
        image_url: row.image_url,
      };
    }),
    _meta: toPageMeta(totalCount, query.page, query.limit),
  };
}

/** GET analytics/detail, section order: the orders list. */
export async function listOrderDetail(
  db: Database,
  locationId: number,
  query: AnalyticsDetailQuery,
): Promise<{ data: AnalyticsOrderRow[]; _meta: PageMeta }> {
  const range = await resolveRange(db, locationId, query);
  const { rows, totalCount } = await repo.listOrderDetail(
    db,
    range,
    { distributorId: query.distributor_id },
    query.sort ?? '-order_date',
    query.limit,
    (query.page - 1) * query.limit,
  );
  return {
    data: rows.map((row) => ({
      order_id: row.order_id,
      order_date: row.order_day,
      delivery_date: row.delivery_date,
      distributor: row.distributor,
      line_items: row.line_items,
      tot_amount: computeOrderTotals(parseCents(row.total), parseCents(row.credit_refusal)).receivedTotal,
      status: row.status,
    })),
    _meta: toPageMeta(totalCount, query.page, query.limit),
  };
}

/** GET analytics/lookup/last-purchased: 'Items You Have Purchased', newest first. */
export async function listLastPurchased(
  db: Database,
  locationId: number,
  page: number,
  size: number,
): Promise<{ data: AnalyticsLastPurchased[]; _meta: PageMeta }> {
  const timezone = await repo.findLocationTimezone(db, locationId);
  const { rows, totalCount } = await repo.listLastPurchased(db, locationId, timezone, size, (page - 1) * size);
  return {
    data: rows.map((row) => ({
      itemDistributorId: row.item_distributor_id,
      name: row.name,
      brand: row.brand,
      distributor: row.distributor,
      packSize: row.pack_size,
      price: parseCents(row.price),
      quantity: row.quantity,
      orderDate: row.order_day,
      imageUrl: row.image_url,
    })),
    _meta: toPageMeta(totalCount, page, size),
  };
}
