import type { Database } from '@stockpot/db';
import {
  getAveragePricePaid,
  getPriceAnalyticsStarts,
  isOrderLinePriceUnknown,
  parseCents,
  type GenericGroup,
  type GroupPriceAnalyticsPoint,
  type PricePaidLine,
} from '@stockpot/domain';
import type { LocationContext } from '../catalog/catalog.public';
import { selectGroupPriceLines, type GroupPriceLineRow } from './price-analytics.repo';

function toPricePaidLine(row: GroupPriceLineRow): PricePaidLine {
  const price = parseCents(row.price);
  return {
    packSize: row.packSize,
    quantity: row.quantity,
    price,
    unitMeasure: row.unitMeasure,
    // A market price not priced at receiving: its amount is unknown (the order view's rule).
    isMarketPrice: isOrderLinePriceUnknown({ price, isMarketPrice: row.isMarketPrice, isEdited: row.isEdited }),
    isCatchWeight: row.isCatchWeight,
    averageWeight: row.averageWeight,
    receivedWeight: row.receivedWeight,
  };
}

/**
 * Twelve points per group, oldest first: the average price paid in each window, per the group's
 * unit (issue 32: a gallon pack and a fluid-ounce pack, or catch weight, compared by the units core).
 */
export async function getPriceWindows(
  db: Database,
  ctx: LocationContext,
  groupIds: readonly number[],
  groupItemId?: number,
): Promise<Map<number, GroupPriceAnalyticsPoint[]>> {
  const starts = getPriceAnalyticsStarts(ctx.today);
  const rows = await selectGroupPriceLines(db, ctx.locationId, ctx.timezone, groupIds, starts, groupItemId);
  const byWindow = new Map<string, { unitId: number; lines: PricePaidLine[] }>();
  for (const row of rows) {
    const key = `${row.groupId}|${row.startDate}`;
    const window = byWindow.get(key) ?? { unitId: row.unitId, lines: [] };
    window.lines.push(toPricePaidLine(row));
    byWindow.set(key, window);
  }
  return new Map(
    groupIds.map((groupId) => [
      groupId,
      starts.map((startDate): GroupPriceAnalyticsPoint => {
        const window = byWindow.get(`${groupId}|${startDate}`);
        return { startDate, price: window ? getAveragePricePaid(window.lines, window.unitId) : null };
      }),
    ]),
  );
}

/** Adds each group's price analytics (GET …/groups?analytics=1, doc 2 §7). */
export async function withPriceAnalytics(db: Database, ctx: LocationContext, groups: GenericGroup[]): Promise<GenericGroup[]> {
  const windows = await getPriceWindows(
    db,
    ctx,
    groups.map((group) => group.id),
  );
  return groups.map((group) => ({ ...group, analytics: windows.get(group.id)! }));
}
