/** One item of the active location (GET /items/{id}), with its purchase history on request. */
import type { Database } from '@stockpot/db';
import { parseCents, type ItemDetail } from '@stockpot/domain';
import { notFound } from '../../platform/errors';
import * as repo from './item-detail.repo';
import { selectItemRows } from './item-rows.repo';
import { getLocationContext, toListItem } from './item-rows.service';

/**
 * GET /items/{id}?analytics=1: one item of the active location, read like a list row; a foreign or
 * unknown id is a 404. With analytics, the location's purchase history of the item.
 */
export async function getItemDetail(
  db: Database,
  locationId: number,
  itemDistributorId: number,
  withAnalytics: boolean,
): Promise<ItemDetail> {
  const ctx = await getLocationContext(db, locationId);
  const [row] = await selectItemRows(db, ctx, repo.singleItemSource(ctx, itemDistributorId));
  if (!row) throw notFound('Item');
  if (!withAnalytics) return { ...toListItem(row, ctx), analytics: null };
  const stats = await repo.selectItemAnalytics(db, ctx, itemDistributorId);
  const totalSpent = parseCents(stats.totalSpent);
  return {
    ...toListItem(row, ctx),
    analytics: {
      orderCount: stats.orderCount,
      totalQuantity: stats.totalQuantity,
      totalSpent,
      // Integer cents, rounded half up: no float arithmetic on money.
      averagePrice:
        stats.totalQuantity > 0 ? Math.floor((2 * totalSpent + stats.totalQuantity) / (2 * stats.totalQuantity)) : null,
      firstOrderedDate: stats.firstOrderedDate,
      lastOrderedDate: stats.lastOrderedDate,
    },
  };
}
