/**
 * The savings matches of an item (GET items/matches/{id}) and the purchased items that have a cheaper
 * match (GET items/get-last-purchased).
 */
import type { Database } from '@stockpot/db';
import {
  findMatches,
  toMatchCandidate,
  parseCents,
  toPageMeta,
  type ItemMatch,
  type LastPurchasedItem,
  type MatchCandidate,
  type PageMeta,
} from '@stockpot/domain';
import { notFound } from '../../platform/errors';
import { getEffectivePrice } from '../../platform/item-price';
import * as repo from './item-matches.repo';
import { selectItemRows, type ItemRow } from './item-rows.repo';
import { getLocationContext, toListItem } from './item-rows.service';

const toCandidate = (row: ItemRow): MatchCandidate => toMatchCandidate(row, getEffectivePrice(row));

/**
 * GET items/matches/{id}: the item's savings matches by the domain rules (findMatches) over the
 * location's orderable items of the same generic product or manufacturer code, read in one query.
 */
export async function getItemMatches(
  db: Database,
  locationId: number,
  itemDistributorId: number,
): Promise<{ itemDistributorId: number; matches: ItemMatch[] }> {
  const ctx = await getLocationContext(db, locationId);
  const rows = await selectItemRows(db, ctx, repo.matchCandidatesSource(ctx, itemDistributorId));
  const item = rows.find((row) => row.itemDistributorId === itemDistributorId);
  if (!item) throw notFound('Item');
  // Candidates in id order, so equal matches rank the same way as in the list's SQL.
  const candidates = rows.filter((row) => row !== item).sort((a, b) => a.itemDistributorId - b.itemDistributorId);
  const byId = new Map(candidates.map((row) => [row.itemDistributorId, row]));
  const matches = findMatches(
    toCandidate(item),
    candidates.map((row) => toCandidate(row)),
  );
  return {
    itemDistributorId,
    matches: matches.map((match) => ({
      ...toListItem(byId.get(match.itemDistributorId)!, ctx),
      // Relative to the item asked about, not to the match's own matches.
      matchId: itemDistributorId,
      matchType: match.matchType,
      savings: match.savings,
      showSavings: match.savings > 0,
      normalisedUnitPrice: match.unitPrice,
      normalisedUnit: match.unit,
      reasons: match.reasons,
    })),
  };
}

/**
 * GET items/get-last-purchased: purchased items with a cheaper match, largest savings first. Savings
 * are a match feature, so a location that does not display matches gets none.
 */
export async function getLastPurchased(
  db: Database,
  locationId: number,
  page: number,
  limit: number,
): Promise<{ data: LastPurchasedItem[]; _meta: PageMeta }> {
  const ctx = await getLocationContext(db, locationId);
  if (!ctx.displayMatch) return { data: [], _meta: toPageMeta(0, page, limit) };
  const rows = await repo.selectLastPurchased(db, ctx, limit, (page - 1) * limit);
  const total = rows[0]?.totalCount ?? (page > 1 ? await repo.countLastPurchased(db, ctx) : 0);
  return {
    data: rows.map(({ totalCount: _total, purchasedPrice, savingsPrice, ...row }) => ({
      ...row,
      purchasedPrice: parseCents(purchasedPrice),
      savingsPrice: parseCents(savingsPrice),
    })),
    _meta: toPageMeta(total, page, limit),
  };
}
