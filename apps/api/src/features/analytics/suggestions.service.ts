import { getUnitPricePair, parseCents, toPageMeta, type AnalyticsSuggestion, type PageMeta } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import * as repo from './suggestions.repo';

/**
 * GET analytics/savings-suggestions: 'Savings Suggestions', biggest saving per case first, each with
 * both per-unit prices in the bought item's pack unit (issue 32).
 */
export async function listSuggestions(
  db: Database,
  locationId: number,
  page: number,
  size: number,
): Promise<{ data: AnalyticsSuggestion[]; _meta: PageMeta }> {
  const { rows, totalCount } = await repo.listSuggestions(db, locationId, size, (page - 1) * size);
  const data: AnalyticsSuggestion[] = [];
  for (const row of rows) {
    const price = parseCents(row.price);
    const betterPrice = parseCents(row.better_price);
    const pair = getUnitPricePair(
      { priceCents: price, unitMeasure: row.unit_measure, packSize: row.pack_size },
      { priceCents: betterPrice, unitMeasure: row.better_unit_measure, packSize: row.better_pack_size },
    );
    // The query compares exactly on the same contents; a pair the domain would not call cheaper
    // (a pack the two read differently) is left out rather than shown as a saving.
    if (!pair || pair.order !== -1) continue;
    data.push({
      itemDistributorId: row.item_distributor_id,
      name: row.name,
      brand: row.brand,
      packSize: row.pack_size,
      distributor: row.distributor,
      price,
      betterItemDistributorId: row.better_item_distributor_id,
      betterDistributor: row.better_distributor,
      betterPrice,
      savingsPerCase: parseCents(row.saving),
      unitPrice: pair.unitPrice,
      betterUnitPrice: pair.otherUnitPrice,
      unit: pair.unit,
    });
  }
  return { data, _meta: toPageMeta(totalCount, page, size) };
}
