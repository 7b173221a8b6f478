/**
 * GET items and the header search's suggestions as kept reads (platform/kept-reads.ts): a page of
 * the place-order list (searched or not) without a past-order or shopping-list filter, and the
 * suggestions of a text. Neither depends on the user (no permission or user field; the cart is the
 * location's). docs/decisions.md "The place-order list's kept pages".
 */
import type { Database } from '@stockpot/db';
import { listItemSchema, pagedEnvelope, searchSuggestionSchema, type FilterOptions } from '@stockpot/domain';
import { answerFormat, readKept } from '../../platform/kept-reads';
import type { LocationContextRow } from '../../platform/location-context';
import { selectSuggestions } from './catalog.repo';
import { listItemsIn, resolveSort, type ListQuery } from './catalog.service';

/** Part of every key (answerFormat): the list page's and the suggestions' fields. */
export const LIST_ANSWER_FORMAT = answerFormat(1, [pagedEnvelope(listItemSchema), searchSuggestionSchema]);

/**
 * A search's text as kept answers are keyed: its ASCII capitals lowered (the schemas have trimmed it).
 * Every use of the text in SQL lowers it first (to_tsvector, lower(), the typo pass), so such texts
 * get the same answer byte for byte; a phone's keyboard capitalises the first letter, and "Chicken"
 * would otherwise be computed again after "chicken". Other letters are left as typed: JavaScript's
 * and PostgreSQL's lower case may differ outside ASCII.
 */
export const toSearchKey = (search: string): string => search.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * The kept-page key of a query, or null for one that is always computed: filters by past orders or
 * shopping lists (tables the marks do not watch). A search is kept by its text (toSearchKey: what it
 * finds and which rows match exactly depend on nothing else); the byte budget bounds how many terms stay.
 */
export function toListQueryKey(query: ListQuery): string | null {
  const filters: FilterOptions = query.filterOptions;
  if (filters.pastOrderIds.length > 0 || filters.shoppingIds.length > 0) return null;
  const distributors = [...new Set(filters.distributorIds)].sort((a, b) => a - b).join(',');
  return [
    LIST_ANSWER_FORMAT,
    `sort=${resolveSort(filters)}`,
    `product=${filters.product}`,
    `distributors=${distributors}`,
    `limit=${query.limit}`,
    `page=${query.page}`,
    `search=${JSON.stringify(toSearchKey(filters.search))}`,
  ].join(';');
}

/**
 * A page of the location's list as JSON bytes: the kept page when the session's context names its
 * generation, else built (and kept, when the query is kept). `db` is the primary: a miss may move
 * the generation.
 */
export async function readListPage(
  db: Database,
  locationId: number,
  query: ListQuery,
  session: LocationContextRow | null | undefined,
): Promise<Buffer> {
  return readKept(db, { locationId, key: toListQueryKey(query), session, build: (tx, ctx) => listItemsIn(tx, ctx, query) });
}

/**
 * The header search's suggestions as JSON bytes (`{ data }`), kept as list pages are: they read the
 * same read model and catalogue, so the same marks and generation say when they change.
 */
export async function readSuggestions(
  db: Database,
  locationId: number,
  query: { search: string; limit: number },
  session: LocationContextRow | null | undefined,
): Promise<Buffer> {
  const key = `${LIST_ANSWER_FORMAT};suggestions;limit=${query.limit};search=${JSON.stringify(toSearchKey(query.search))}`;
  return readKept(db, {
    locationId,
    key,
    session,
    build: async (tx, ctx) => ({ data: await selectSuggestions(tx, ctx, query.search, query.limit) }),
  });
}
