import {
  getAnalyticsRange,
  getLocationToday,
  sumChainFigures,
  toPageMeta,
  type ChainSummary,
  type ChainVarianceQuery,
  type ChainVarianceRow,
  type PageMeta,
} from '@stockpot/domain';
import { refreshAnalyticsDays, type Database } from '@stockpot/db';
import * as repo from './chain.repo';
import { getVarianceAnswer } from './chain-variance-cache';
import { readChain, type Membership } from './chain-members';
import { keptChainText, rollupsSignature } from './chain-kept-texts';
import { checkedVarianceVersion, rangesKey, readRollupVersion } from './chain-versions';
import { createVersionedAnswers } from '../../platform/versioned-answers';
import { rememberBounded } from '../../platform/bounded-memo';

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
  options: { now?: Date; refreshAggregate?: boolean } = {},
): Promise<{ locations: repo.MemberLocation[]; ranges: repo.LocationRange[]; versionsRead: boolean }> {
  return resolveRanges(db, await readChain(db, userId, 'rollups'), input, options);
}

/** resolveChain's ranges over a membership already read. */
async function resolveRanges(
  db: Database,
  membership: Membership,
  input: RangeInput,
  { now = new Date(), refreshAggregate = false }: { now?: Date; refreshAggregate?: boolean },
): Promise<{ locations: repo.MemberLocation[]; ranges: repo.LocationRange[]; versionsRead: boolean }> {
  const locations = membership.locations();
  // The versions read with the membership hold unless a refresh below may have moved them.
  let versionsRead = true;
  if (refreshAggregate) {
    // The same recompute GET analytics runs for the days the triggers marked, location by location.
    for (const location of locations) {
      if (!location.aggregateStale) continue;
      await refreshAnalyticsDays(db, location.locationId);
      versionsRead = false;
    }
  }
  // Once per time zone, not per location: 200 locations keep a handful of zones between them.
  const byZone = new Map<string, { startDate: string; endDate: string }>();
  const ranges = locations.map((location) => {
    let range = byZone.get(location.timezone);
    if (!range) {
      const today = getLocationToday(now, location.timezone);
      range = getAnalyticsRange(input.filter_type, today, { startDate: input.start_date, endDate: input.end_date });
      byZone.set(location.timezone, range);
    }
    return { locationId: location.locationId, timezone: location.timezone, startDate: range.startDate, endDate: range.endDate };
  });
  return { locations, ranges, versionsRead };
}

const keptSums = createVersionedAnswers<repo.LocationFiguresRow[]>();

/** How many summaries' sums were read rather than served (tests: a hit reads none). */
export function countSummarySums(): number {
  return keptSums.computations;
}

/** GET chain/summary: each location's purchases, orders and savings, and the group's totals (their sum). */
export async function getChainSummary(db: Database, userId: number, input: RangeInput): Promise<ChainSummary> {
  return summarise(db, await readChain(db, userId, 'rollups'), input, new Date());
}

/** GET chain/summary's answer as sent, kept while its signature holds (chain-kept-texts). */
export async function getChainSummaryText(db: Database, userId: number, input: RangeInput): Promise<Buffer> {
  const membership = await readChain(db, userId, 'rollups');
  const now = new Date();
  const key = `summary|${userId}|${input.filter_type}|${input.start_date ?? ''}|${input.end_date ?? ''}`;
  return keptChainText(db, key, rollupsSignature(membership, now), async () =>
    Buffer.from(JSON.stringify({ data: await summarise(db, membership, input, now) })),
  );
}

async function summarise(db: Database, membership: Membership, input: RangeInput, now: Date): Promise<ChainSummary> {
  const { locations, ranges, versionsRead } = await resolveRanges(db, membership, input, { now, refreshAggregate: true });
  // Kept per set of ranges while every location's rollups stay (each rewrite of a location's days moves its version).
  const ids = ranges.map((r) => r.locationId);
  const sums = await keptSums.get(
    db,
    rangesKey(ranges),
    {
      version: (tx) => readRollupVersion(tx, ids),
      answer: (tx) => repo.sumLocationFigures(tx, ranges),
    },
    versionsRead ? membership.check.rollups : undefined,
  );
  const figures = new Map(sums.map((row) => [row.locationId, row]));
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

/**
 * GET chain/price-variance: the same product (one offer, or matched equivalents normalised per
 * unit) bought by the chain's locations at different prices, a page of them. What each offer's
 * purchases come to is read from the maintained price rollups (chain-variance.repo: one summary per
 * offer, lowest and highest price and by whom, cases, cents), refreshed first like the summary's;
 * the domain's matching rules group and price them (listSummaryVariances). The grouped answer is
 * kept per set of ranges while the rollups' and catalogue's versions stay (chain-variance-cache);
 * sorted and paged here.
 */
export async function listPriceVariance(
  db: Database,
  userId: number,
  query: ChainVarianceQuery,
): Promise<{ data: ChainVarianceRow[]; _meta: PageMeta }> {
  return buildVariancePage(await readVarianceAnswer(db, await readChain(db, userId, 'rollups'), query), query);
}

/** The kept (or computed) answer over the caller's chain, with the buyers of the page asked for. */
async function readVarianceAnswer(db: Database, membership: Membership, query: ChainVarianceQuery, now = new Date()) {
  const { ranges, versionsRead } = await resolveRanges(db, membership, query, { now, refreshAggregate: true });
  const page = { offset: (query.page - 1) * query.limit, limit: query.limit };
  return getVarianceAnswer(db, ranges, query.sort, page, versionsRead ? checkedVarianceVersion(membership.check) : undefined);
}

const MAX_PAGE_TEXTS = 16;

/**
 * The same page as JSON text, written once per kept answer and page: at chain scale a page of 20
 * groups with their equivalents and buyers is ~120 kB, and building and writing it again for every
 * request cost more than the rest of the answer. The user's request is kept as sent on top
 * (chain-kept-texts), so a hit reads only the membership.
 */
export async function getPriceVarianceText(db: Database, userId: number, query: ChainVarianceQuery): Promise<Buffer> {
  const membership = await readChain(db, userId, 'rollups');
  const now = new Date();
  const { filter_type, start_date, end_date, sort, page, limit } = query;
  const key = `variance|${userId}|${filter_type}|${start_date ?? ''}|${end_date ?? ''}|${sort}|${page}|${limit}`;
  return keptChainText(db, key, rollupsSignature(membership, now), async () => {
    const answer = await readVarianceAnswer(db, membership, query, now);
    const pageKey = `${sort}|${page}|${limit}`;
    const kept = answer.texts.get(pageKey);
    if (kept) return kept;
    const text = Buffer.from(JSON.stringify(buildVariancePage(answer, query)));
    rememberBounded(answer.texts, pageKey, text, MAX_PAGE_TEXTS);
    return text;
  });
}

function buildVariancePage(
  { rows, offers, buyers }: Awaited<ReturnType<typeof getVarianceAnswer>>,
  query: ChainVarianceQuery,
): { data: ChainVarianceRow[]; _meta: PageMeta } {
  const offset = (query.page - 1) * query.limit;
  return {
    data: rows.slice(offset, offset + query.limit).map(({ offerIds, ...v }) => {
      const offer = offers.get(v.itemDistributorId)!;
      return {
        ...v,
        distributor: offer.distributor,
        din: offer.din,
        packSize: offer.packSize,
        offers: offerIds.map((id) => {
          const o = offers.get(id)!;
          return {
            itemDistributorId: id,
            name: o.description,
            distributor: o.distributor,
            din: o.din,
            packSize: o.packSize,
            locationIds: buyers.get(id) ?? [],
          };
        }),
      };
    }),
    _meta: toPageMeta(rows.length, query.page, query.limit),
  };
}
