/** The place-order list (GET items) and its search suggestions. */
import type { Database } from '@stockpot/db';
import { getDefaultSort, toPageMeta, type FilterOptions, type ListItem, type ListSort, type PageMeta } from '@stockpot/domain';
import * as repo from './catalog.repo';
import { selectItemRows } from './item-rows.repo';
import { getLocationContext, toListItem } from './item-rows.service';
import type { LocationContext } from './item-rows.repo';
import type { LocationContextRow } from '../../platform/location-context';

/** The sort a list request gets: the one asked for, else relevance while searching and Most Purchased otherwise. */
export function resolveSort(filters: FilterOptions): ListSort {
  const sort = filters.sort ?? getDefaultSort(filters.search);
  // Relevance needs a search; without one it falls back to the default.
  return sort === 'relevance' && !filters.search ? 'most-purchased' : sort;
}

/** What GET items asks for: the filters, the page size and the page. */
export interface ListQuery {
  filterOptions: FilterOptions;
  limit: number;
  page: number;
}

/** GET items: one page of the location's list and its paging block. */
export async function listItems(
  db: Database,
  locationId: number,
  query: ListQuery,
  prefetched?: LocationContextRow | null,
): Promise<{ data: ListItem[]; _meta: PageMeta }> {
  return listItemsIn(db, await getLocationContext(db, locationId, prefetched), query);
}

/** listItems with the location's context already read (its read model current). */
export async function listItemsIn(
  db: Database,
  ctx: LocationContext,
  query: ListQuery,
): Promise<{ data: ListItem[]; _meta: PageMeta }> {
  const { filterOptions: filters, limit, page } = query;
  const sort = resolveSort(filters);
  const readPage = async (tx: Database, pass: repo.SearchPass) => {
    const source = repo.listPageSource(ctx, filters, sort, limit, (page - 1) * limit, pass);
    const rows = await selectItemRows(tx, ctx, source, { search: filters.search, withTotal: true });
    // The page carries its total; only a page past the end needs its own count.
    const total = rows[0]?.totalCount ?? (page > 1 ? await repo.countListItems(tx, ctx, filters, pass) : 0);
    return { rows, total };
  };
  let result = await readPage(db, 'exact');
  // The typo pass only when the exact pass finds nothing at all.
  if (result.total === 0 && filters.search && repo.canCorrectTypos(filters.search)) {
    result = await repo.withTypoThreshold(db, (tx) => readPage(tx, 'typo'));
  }
  return { data: result.rows.map((row) => toListItem(row, ctx)), _meta: toPageMeta(result.total, page, limit) };
}

export async function listSearchSuggestions(
  db: Database,
  locationId: number,
  search: string,
  limit: number,
  prefetched?: LocationContextRow | null,
) {
  const ctx = await getLocationContext(db, locationId, prefetched);
  return repo.selectSuggestions(db, ctx, search, limit);
}
