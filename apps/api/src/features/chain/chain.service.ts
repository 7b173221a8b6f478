import {
  canOpenChain,
  getAnalyticsRange,
  getLocationToday,
  parseCents,
  sumChainFigures,
  toPageMeta,
  type ChainSummary,
  type ChainVarianceQuery,
  type ChainVarianceRow,
  type PageMeta,
} from '@stockpot/domain';
import { refreshAnalyticsDays, type Database } from '@stockpot/db';
import { forbidden } from '../../platform/errors';
import * as repo from './chain.repo';

/** The analytics time filter (already validated by the domain schema). */
export interface RangeInput {
  filter_type: 'WEEKLY' | 'MONTHLY' | 'YEARLY' | 'CUSTOM';
  start_date?: string;
  end_date?: string;
}

/**
 * The user's chain: every location they belong to, each with the range the filter covers by its
 * own calendar (GET analytics' rule: a week is Monday to today where the location is). One
 * location is no chain: 403 with a sentence saying why (docs/decisions.md "Chain view").
 */
export async function resolveChain(
  db: Database,
  userId: number,
  input: RangeInput,
  { now = new Date(), refreshAggregate = false }: { now?: Date; refreshAggregate?: boolean } = {},
): Promise<{ locations: repo.MemberLocation[]; ranges: repo.LocationRange[] }> {
  const locations = await repo.listMemberLocations(db, userId);
  if (!canOpenChain(locations.length)) {
    throw forbidden('The chain view compares two or more locations; you belong to one.');
  }
  if (refreshAggregate) {
    // The same recompute GET analytics runs for the days the triggers marked, location by location.
    for (const location of locations) if (location.aggregateStale) await refreshAnalyticsDays(db, location.locationId);
  }
  const ranges = locations.map((location) => {
    const today = getLocationToday(now, location.timezone);
    const { startDate, endDate } = getAnalyticsRange(input.filter_type, today, {
      startDate: input.start_date,
      endDate: input.end_date,
    });
    return { locationId: location.locationId, timezone: location.timezone, startDate, endDate };
  });
  return { locations, ranges };
}

/** GET chain/summary: each location's purchases, orders and savings, and the group's totals (their sum). */
export async function getChainSummary(db: Database, userId: number, input: RangeInput): Promise<ChainSummary> {
  const { locations, ranges } = await resolveChain(db, userId, input, { refreshAggregate: true });
  const figures = new Map((await repo.sumLocationFigures(db, ranges)).map((row) => [row.locationId, row]));
  const rows = locations.map((location, index) => {
    const row = figures.get(location.locationId);
    return {
      locationId: location.locationId,
      name: location.name,
      startDate: ranges[index].startDate,
      endDate: ranges[index].endDate,
      totalPurchases: Number(row?.totalPurchases ?? 0),
      totalOrders: row?.totalOrders ?? 0,
      totalSavings: Number(row?.totalSavings ?? 0),
    };
  });
  return { totals: sumChainFigures(rows), locations: rows };
}

/** GET chain/price-variance: items the chain's locations paid different prices for, a page of them. */
export async function listPriceVariance(
  db: Database,
  userId: number,
  query: ChainVarianceQuery,
): Promise<{ data: ChainVarianceRow[]; _meta: PageMeta }> {
  const { ranges } = await resolveChain(db, userId, query);
  const offset = (query.page - 1) * query.limit;
  const rows = await repo.listPriceVariance(db, ranges, query.sort, query.limit, offset);
  // Past the last page there is no row to carry the count: ask for the first row's.
  const totalCount =
    rows[0]?.totalCount ?? (offset > 0 ? ((await repo.listPriceVariance(db, ranges, query.sort, 1, 0))[0]?.totalCount ?? 0) : 0);
  return {
    data: rows.map((row) => ({
      itemDistributorId: row.itemDistributorId,
      name: row.name,
      distributor: row.distributor,
      din: row.din,
      packSize: row.packSize,
      lowestUnitPrice: parseCents(row.lowestPrice) * 100,
      lowestLocationId: row.lowestLocationId,
      highestUnitPrice: parseCents(row.highestPrice) * 100,
      highestLocationId: row.highestLocationId,
      quantity: row.quantity,
      totalPaid: Number(row.totalPaid),
      wouldHaveSaved: Number(row.wouldHaveSaved),
    })),
    _meta: toPageMeta(totalCount, query.page, query.limit),
  };
}
