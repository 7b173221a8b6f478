/**
 * GET items served from kept pages (issue 38, migration 0059). A page of the place-order list
 * (searched or not) without a past-order or shopping-list filter is kept by this process as the JSON text
 * listItems wrote, under the location's list generation and date. The generation and whether a
 * write has marked the location since are read with the session (locationContextSql), so a page
 * whose generation is still the location's is sent without a statement of its own. The page does
 * not depend on the user (no permission or user field in it; the cart is the location's), so the
 * location's users share it. docs/decisions.md "The place-order list's kept pages".
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '@stockpot/db';
import { listItemSchema, pagedEnvelope, searchSuggestionSchema, type FilterOptions } from '@stockpot/domain';
import { AnswerCopies } from '../../platform/answer-copies';
import type { LocationContextRow } from '../../platform/location-context';
import { selectSuggestions } from './catalog.repo';
import { listItemsIn, resolveSort, type ListQuery } from './catalog.service';
import { findLocationContext, type LocationContext } from './item-rows.repo';
import { getLocationContext } from './item-rows.service';
import * as marks from './list-answers.repo';

/** How many times a recompute brings the read model up to date before it answers without keeping. */
const READ_MODEL_ATTEMPTS = 3;

/** About 1,400 pages of 90 KB: the first pages of every sort of a 200-location chain, and its searches. */
const LIST_COPIES_BYTES = 128 * 1024 * 1024;

/**
 * Part of every key: a page written by other page code (another build of the server) is never
 * served. The schema's fingerprint changes with any field; a change of how a field is computed that
 * keeps the fields must bump the number.
 */
export const LIST_ANSWER_FORMAT = `1.${createHash('sha1')
  .update(
    JSON.stringify(
      [pagedEnvelope(listItemSchema), searchSuggestionSchema].map((schema) =>
        z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }),
      ),
    ),
  )
  .digest('hex')
  .slice(0, 12)}`;

/**
 * The kept-page key of a query, or null for one that is always computed: filters by past orders or
 * shopping lists (tables the marks do not watch). A search is kept by its exact text (what it finds
 * and which rows match exactly depend on nothing else); the byte budget bounds how many terms stay.
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
    `search=${JSON.stringify(filters.search)}`,
  ].join(';');
}

interface KeptPage {
  generation: string;
  today: string;
  body: Buffer;
}

/** This process's kept pages, by database (generations are numbered per database) and key. */
const copiesByDatabase = new WeakMap<Database, AnswerCopies<KeptPage>>();

function copiesOf(db: Database): AnswerCopies<KeptPage> {
  let copies = copiesByDatabase.get(db);
  if (!copies) copiesByDatabase.set(db, (copies = new AnswerCopies<KeptPage>(LIST_COPIES_BYTES)));
  return copies;
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
  return readKept(db, locationId, toListQueryKey(query), session, (tx, ctx) => listItemsIn(tx, ctx, query));
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
  const key = `${LIST_ANSWER_FORMAT};suggestions;limit=${query.limit};search=${JSON.stringify(query.search)}`;
  return readKept(db, locationId, key, session, async (tx, ctx) => ({
    data: await selectSuggestions(tx, ctx, query.search, query.limit),
  }));
}

type Build = (db: Database, ctx: LocationContext) => Promise<unknown>;

async function readKept(
  db: Database,
  locationId: number,
  queryKey: string | null,
  session: LocationContextRow | null | undefined,
  build: Build,
): Promise<Buffer> {
  const context = session?.locationId === locationId ? session : undefined;
  const text = async (tx: Database, ctx: LocationContext) => Buffer.from(JSON.stringify(await build(tx, ctx)));
  if (queryKey === null || !context) return text(db, await getLocationContext(db, locationId, context));
  const copies = copiesOf(db);
  const copyKey = `${locationId}/${queryKey}`;
  const { listGeneration: generation, today } = context;
  if (generation !== null && !context.readModelStale) {
    const copy = copies.get(copyKey);
    if (copy && copy.generation === generation && copy.today === today) return copy.body;
    // Nothing was written since the generation was taken: the page built now is its page (and a
    // write committed while it is built leaves a mark, so it is never served across that write).
    const body = await text(db, await getLocationContext(db, locationId, context));
    copies.set(copyKey, { generation, today, body });
    return body;
  }
  const kept = await db.transaction(async (tx) => {
    await marks.lockLocation(tx, locationId);
    const taken = await takeMarksWithFreshReadModel(tx, locationId);
    const ctx = taken?.ctx ?? (await getLocationContext(tx, locationId));
    const body = await text(tx, ctx);
    return taken ? { generation: taken.generation, today: ctx.today, body } : body;
  });
  if (Buffer.isBuffer(kept)) return kept;
  // Kept only once the transaction has committed: a rolled-back generation is no generation.
  copies.set(copyKey, kept);
  return kept.body;
}

/**
 * Takes the location's marks with its read model current. The read model is refreshed lazily by
 * its readers, and the refresh rewrites location_item_reads (which marks the location in this
 * transaction): after the marks are taken the read model is checked again, and a write that made
 * it stale in between is refreshed and its mark taken on the next pass. Null when writes kept
 * coming (the page is then answered, not kept).
 */
async function takeMarksWithFreshReadModel(tx: Database, locationId: number) {
  for (let attempt = 0; attempt < READ_MODEL_ATTEMPTS; attempt++) {
    await getLocationContext(tx, locationId);
    const generation = await marks.takeMarks(tx, locationId);
    const after = await findLocationContext(tx, locationId);
    if (after && !after.readModelStale) {
      const { readModelStale: _stale, listGeneration: _generation, ...ctx } = after;
      return { ctx, generation };
    }
  }
  return null;
}
