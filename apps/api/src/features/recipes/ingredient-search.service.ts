/** The ingredient picker's search: catalogue items, generic groups or sub-recipes of the location. */
import type { Database } from '@stockpot/db';
import { getDefaultPackUnit, parsePackSize, toPageMeta } from '@stockpot/domain';
import * as repo from './ingredient-search.repo';

/** The 'I want to add...' picker's candidates, 30 a page (doc 2 §7). */
export async function searchIngredients(
  db: Database,
  locationId: number,
  query: { type: 'item' | 'generic' | 'subrecipe'; search: string; exclude?: number; page: number; limit: number },
) {
  const rows = await repo.searchIngredientOptions(db, locationId, query.type, query.search, query.exclude ?? null, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const data = rows.map((row) => ({
    id: row.id,
    name: row.name,
    detail: row.detail,
    packUnit:
      query.type === 'item'
        ? getDefaultPackUnit(parsePackSize(row.packSize), row.unitMeasure)
        : query.type === 'subrecipe'
          ? row.unitMeasure
          : '',
  }));
  return { data, _meta: toPageMeta(rows[0]?.total ?? 0, query.page, query.limit) };
}
