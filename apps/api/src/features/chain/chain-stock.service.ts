import {
  canOpenChain,
  pageSharedStockNames,
  parseCents,
  summariseSharedStock,
  toPageMeta,
  type ChainStockRow,
  type PageMeta,
} from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { forbidden } from '../../platform/errors';
import { listMemberLocations } from './chain.repo';
import { listSharedGroups } from './chain-stock.repo';
import { getSharedGroupNames } from './chain-stock-names';

/**
 * GET chain/stock (issue 39 "Stock across locations"): today's stock, so no time filter. Below par
 * is the inventory's own rule (the units core converts each item's cases into the group's unit).
 * A page at a time (200 locations share hundreds of names): the shared names are listed and sorted
 * first (kept per set of locations while no group changes: chain-stock-names.ts), then only the
 * page's groups and items are read. Without paging (the export), every row.
 */
export async function listChainStock(
  db: Database,
  userId: number,
  paging?: { page: number; limit: number },
): Promise<{ data: ChainStockRow[]; _meta: PageMeta }> {
  const locations = await listMemberLocations(db, userId);
  if (!canOpenChain(locations.length)) {
    throw forbidden('The chain view compares two or more locations; you belong to one.');
  }
  const ids = locations.map((l) => l.locationId);
  let keys: string[] | undefined;
  let totalCount: number | undefined;
  if (paging) {
    ({ keys, totalCount } = pageSharedStockNames(await getSharedGroupNames(db, ids), paging.page, paging.limit));
  }
  const groups = keys && keys.length === 0 ? [] : await listSharedGroups(db, ids, keys);
  const data = summariseSharedStock(
    groups.map((g) => ({
      locationId: g.locationId,
      name: g.name,
      parLevel: parseCents(g.parLevel) / 100,
      unitId: g.unitId,
      onHandValue: Number(g.onHandValue),
      items: g.items.map((item) => ({ ...item, totalOnHand: Number(item.totalOnHand) })),
    })),
  );
  const page = paging ?? { page: 1, limit: Math.max(data.length, 1) };
  return { data, _meta: toPageMeta(totalCount ?? data.length, page.page, page.limit) };
}
