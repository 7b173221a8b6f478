import type { Database } from '@stockpot/db';
import { getPriceAnalyticsStarts, parseCents, type GenericGroup, type GroupPriceAnalyticsPoint } from '@stockpot/domain';
import type { LocationContext } from '../catalog/catalog.repo';
import { selectGroupPriceHistory } from './price-analytics.repo';

/** Adds each group's price analytics (GET …/groups?analytics=1, doc 2 §7): twelve points, oldest first. */
export async function withPriceAnalytics(db: Database, ctx: LocationContext, groups: GenericGroup[]): Promise<GenericGroup[]> {
  const starts = getPriceAnalyticsStarts(ctx.today);
  const rows = await selectGroupPriceHistory(
    db,
    ctx.locationId,
    ctx.timezone,
    groups.map((group) => group.id),
    starts,
  );
  const prices = new Map(rows.map((row) => [`${row.groupId}|${row.startDate}`, parseCents(row.price)]));
  return groups.map((group) => ({
    ...group,
    analytics: starts.map((startDate): GroupPriceAnalyticsPoint => ({
      startDate,
      price: prices.get(`${group.id}|${startDate}`) ?? null,
    })),
  }));
}
