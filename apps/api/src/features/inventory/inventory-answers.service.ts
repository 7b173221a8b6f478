/**
 * The inventory view's page read served from stored answers (issue 15, migration 0028). A page the
 * web asks for (any page, size and sort, items expanded or not, no name filter, no analytics) is
 * kept as the JSON text the view's own code built; a read of a page with no write since, on the
 * same day of the location, is one statement. A miss recomputes through buildGroupsPage, the one
 * code path of the page, stores the text and answers it. The page does not depend on the user
 * (no permission or user field in it), so answers are shared by the location's users.
 */
import type { Database } from '@stockpot/db';
import { genericGroupSchema, pagedEnvelope } from '@stockpot/domain';
import { getLocationContext, type LocationContext } from '../catalog/catalog.public';
import { AnswerCopies, type AnswerCopy } from '../../platform/answer-copies';
import { answerFormat } from '../../platform/kept-reads';
import * as answers from './inventory-answers.repo';
import { buildGroupsPage, listGroups, type GroupsQuery } from './inventory-groups-read.service';
import { requireList } from './inventory-guards';

/** How many times a recompute brings the read model up to date before it answers without storing. */
const READ_MODEL_ATTEMPTS = 3;

/** Part of every key (answerFormat): pages stored by other page code are never served by this one. */
export const ANSWER_FORMAT = answerFormat(1, [pagedEnvelope(genericGroupSchema)]);

/** The stored-answer key of a query, or null for one that is always computed (filtered, analytics). */
export function toQueryKey(query: GroupsQuery): string | null {
  if (query.analytics || query.filter.nameLike.trim() !== '') return null;
  const withItems = query.expand.split(',').some((part) => part.trim() === 'items');
  return `${ANSWER_FORMAT};page=${query.page};limit=${query.limit};sort=${query.filter.sort};items=${withItems ? 1 : 0}`;
}

/**
 * The pages this process has sent, by database (generations are numbered per database: two test
 * apps in one process must not share copies) and answer key.
 */
const copiesByDatabase = new WeakMap<Database, AnswerCopies>();

function copiesOf(db: Database): AnswerCopies {
  let copies = copiesByDatabase.get(db);
  if (!copies) copiesByDatabase.set(db, (copies = new AnswerCopies()));
  return copies;
}

/**
 * The stored page of the user's active location, when it is valid and the user is a member of the
 * location: the membership check of requireActiveLocation and the page in one statement. Undefined
 * otherwise (not a member, no location, not stored, stale: readGroupsPage then answers or refuses).
 */
export async function findMemberPage(
  db: Database,
  member: { userId: number; locationId: number | null },
  listId: number,
  query: GroupsQuery,
): Promise<Buffer | undefined> {
  const queryKey = toQueryKey(query);
  if (queryKey === null || member.locationId === null) return undefined;
  return findStoredPage(db, copiesOf(db), { locationId: member.locationId, listId, queryKey }, member.userId);
}

const copyKeyOf = (key: answers.AnswerKey) => `${key.locationId}/${key.listId}/${key.queryKey}`;

/** A valid stored page; `db` may be a transaction, `copies` are those of its database. */
async function findStoredPage(
  db: Database,
  copies: AnswerCopies,
  key: answers.AnswerKey,
  memberUserId?: number,
): Promise<Buffer | undefined> {
  const copyKey = copyKeyOf(key);
  const copy = copies.get(copyKey);
  const stored = await answers.findValidAnswer(db, key, copy?.generation, memberUserId);
  return stored && keep(copies, copyKey, stored.generation, stored.body, copy);
}

/** The page as JSON bytes: the stored answer when it is valid, else recomputed, stored and answered. */
export async function readGroupsPage(db: Database, locationId: number, listId: number, query: GroupsQuery): Promise<Buffer> {
  const queryKey = toQueryKey(query);
  if (queryKey === null) return Buffer.from(JSON.stringify(await listGroups(db, locationId, listId, query)));
  const key = { locationId, listId, queryKey };
  const copies = copiesOf(db);
  const stored = await findStoredPage(db, copies, key);
  if (stored) return stored;
  return db
    .transaction(async (tx) => {
      await answers.lockLocation(tx, locationId);
      // Another read of the location may have stored it while this one waited for the lock.
      const meanwhile = await findStoredPage(tx, copies, key);
      if (meanwhile) return meanwhile;
      const ctx = await takeMarksWithFreshReadModel(tx, locationId);
      // After the marks are taken: a list deleted before is a 404, one deleted after leaves a mark.
      await requireList(tx, locationId, listId);
      const page = JSON.stringify(await buildGroupsPage(tx, ctx ?? (await getLocationContext(tx, locationId)), listId, query));
      if (!ctx) return Buffer.from(page);
      // Kept in memory only once the transaction has committed (a rolled-back store is no copy).
      const generation = await answers.storeAnswer(tx, key, ctx.today, page);
      return { generation, body: Buffer.from(page) };
    })
    .then((result) => {
      if (Buffer.isBuffer(result)) return result;
      copies.set(copyKeyOf(key), result);
      return result.body;
    });
}

/** The bytes of a valid stored page: this process's copy when the database named its generation. */
function keep(
  copies: AnswerCopies,
  copyKey: string,
  generation: number,
  body: string | null,
  copy: AnswerCopy | undefined,
): Buffer {
  if (body === null && copy) return copy.body;
  const bytes = Buffer.from(body ?? '');
  copies.set(copyKey, { generation, body: bytes });
  return bytes;
}

/**
 * Takes the location's marks with its list read model current. The read model is refreshed lazily
 * by its readers, so a write's mark taken here must not leave the page reading prices the read
 * model has not caught up with: after the marks are taken the read model is checked again, and a
 * write that made it stale in between is refreshed and its mark taken on the next pass. The
 * refresh itself rewrites location_item_reads, which marks the location in this transaction; the
 * next take removes that mark. Null when writes kept coming (the page is then answered unstored).
 */
async function takeMarksWithFreshReadModel(tx: Database, locationId: number): Promise<LocationContext | null> {
  for (let attempt = 0; attempt < READ_MODEL_ATTEMPTS; attempt++) {
    const ctx = await getLocationContext(tx, locationId);
    await answers.takeMarks(tx, locationId);
    if (!(await answers.isReadModelStale(tx, locationId, ctx.today))) return ctx;
  }
  return null;
}

/**
 * Takes every marked location's marks (and drops its pages), each under its lock as a miss would.
 * Marks have no key, so a location whose view is not read collects one per write statement (orders,
 * purchase statistics, read-model refreshes…); the scheduled sweep keeps that bounded. Answers how
 * many locations it swept.
 */
export async function sweepMarks(db: Database): Promise<number> {
  const locations = await answers.selectMarkedLocations(db);
  for (const locationId of locations) {
    await db.transaction(async (tx) => {
      await answers.lockLocation(tx, locationId);
      await answers.takeMarks(tx, locationId);
    });
  }
  return locations.length;
}
