/**
 * Item Lookup (doc 3 §2.4 "Item Lookup", §7): the search list, ranked by relevance (issue 32), and
 * one item's stats for the page's time filter.
 */
import {
  parseCents,
  sumCents,
  toPageMeta,
  type AnalyticsItemStats,
  type AnalyticsLookupItem,
  type AnalyticsLookupQuery,
  type PageMeta,
} from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { notFound } from '../../platform/errors';
import { toItemFilters } from '../../platform/item-filters-sql';
import { resolveRange, type RangeInput } from './analytics.service';
import * as repo from './item-lookup.repo';

/** GET analytics/lookup: the item lookup list; by default the most relevant items first. */
export async function listLookup(
  db: Database,
  locationId: number,
  query: AnalyticsLookupQuery,
): Promise<{ data: AnalyticsLookupItem[]; _meta: PageMeta }> {
  const range = await resolveRange(db, locationId, query);
  const { rows, totalCount } = await repo.listLookupItems(
    db,
    range,
    { search: query.search, sort: query.sort, ...toItemFilters(query) },
    query.limit,
    (query.page - 1) * query.limit,
  );
  return {
    data: rows.map((row) => ({
      itemDistributorId: row.item_distributor_id,
      merchantId: locationId,
      distributorId: row.distributor_id,
      description: row.description,
      brand: row.brand,
      distributor: row.distributor,
      price: parseCents(row.price),
      unitMeasure: row.unit_measure,
      packSize: row.pack_size,
      imageUrl: row.image_url,
      brandImageUrl: row.brand_image_url,
      isPurchased: row.is_purchased,
      type: 'order_guide' as const,
      din: row.din,
    })),
    _meta: toPageMeta(totalCount, query.page, query.limit),
  };
}

/**
 * GET analytics/lookup/statistics: one item's summary and its price per purchase day. An item not
 * bought in the range answers zeros and no days; the page says so instead of showing them.
 */
export async function getItemStats(
  db: Database,
  locationId: number,
  input: RangeInput & { item_distributor_id: number },
): Promise<AnalyticsItemStats> {
  const item = await repo.findLookupItem(db, locationId, input.item_distributor_id);
  if (!item) throw notFound('Item');
  const range = await resolveRange(db, locationId, input);
  const days = await repo.listItemDays(db, range, item.id);
  const numCases = days.reduce((sum, day) => sum + day.quantity, 0);
  const spent = sumCents(days.map((day) => parseCents(day.spent)));
  const best = days.length === 0 ? 0 : Math.min(...days.map((day) => parseCents(day.best_price)));
  return {
    itemData: {
      brand: item.brand,
      name: item.description,
      average_price: numCases > 0 ? Math.round(spent / numCases) : 0,
      best_price: best,
      unit_measure: item.unit_measure,
      num_cases: numCases,
      total_purchases: spent,
    },
    statistics: {
      categories: days.map((day) => day.day),
      series: [{ name: 'Average Price', data: days.map((day) => Math.round(parseCents(day.spent) / day.quantity)) }],
    },
    start_date: range.startDate,
    end_date: range.endDate,
  };
}
