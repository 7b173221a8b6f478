/**
 * Kept reads (issue 38, migration 0059): answers of a location that change when someone writes, not
 * when someone reads (the place-order list's pages and search suggestions, an order guide's price
 * changes), kept by this process as the JSON text it built, under the location's kept-read
 * generation and date. The generation and whether a write has marked the location since are read
 * with the session (locationContextSql, on routes with `config.locationContext`), so a kept answer
 * is sent without a statement of its own. Kept answers hold no user field: the location's users
 * share them. docs/decisions.md "The place-order list's kept pages".
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database } from '@stockpot/db';
import { AnswerCopies } from './answer-copies';
import {
  findLocationContext,
  getLocationContext,
  toLocationContext,
  type LocationContext,
  type LocationContextRow,
} from './location-context';
import * as marks from './kept-reads.repo';
import { sendJsonText } from './serializers';

/**
 * What a kept answer's text was written by, part of its key: an answer written by other code (a
 * deploy, or the old processes of a rolling one) is never served. The schemas' fingerprint changes
 * with any field; a change of how a field is computed that keeps the fields must bump `version`.
 */
export function answerFormat(version: number, schemas: z.ZodType[]): string {
  const shapes = schemas.map((schema) => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }));
  return `${version}.${createHash('sha1')
    .update(JSON.stringify(shapes.length === 1 ? shapes[0] : shapes))
    .digest('hex')
    .slice(0, 12)}`;
}

/** How many times a rebuild brings the read model up to date before it answers without keeping. */
const READ_MODEL_ATTEMPTS = 3;

/** About 1,400 answers of 90 KB: the first list pages of every sort of a 200-location chain, and its searches. */
const KEPT_BYTES = 128 * 1024 * 1024;

interface KeptAnswer {
  generation: string;
  today: string;
  body: Buffer;
}

/** This process's kept answers, by database (generations are numbered per database) and key. */
const copiesByDatabase = new WeakMap<Database, AnswerCopies<KeptAnswer>>();

function copiesOf(db: Database): AnswerCopies<KeptAnswer> {
  let copies = copiesByDatabase.get(db);
  if (!copies) copiesByDatabase.set(db, (copies = new AnswerCopies<KeptAnswer>(KEPT_BYTES)));
  return copies;
}

/**
 * The answer `build` gives for the location, as JSON bytes: the kept one when the session's
 * context names its generation, else built (and kept, unless `key` is null: a read of tables the
 * marks do not watch). `db` is the primary: a rebuild may move the generation. `key` must name
 * everything the answer depends on besides the location and its date.
 */
export async function readKept(
  db: Database,
  read: {
    locationId: number;
    key: string | null;
    session: LocationContextRow | null | undefined;
    build: (db: Database, ctx: LocationContext) => Promise<unknown>;
  },
): Promise<Buffer> {
  const { locationId, key } = read;
  const context = read.session?.locationId === locationId ? read.session : undefined;
  const text = async (tx: Database, ctx: LocationContext) => Buffer.from(JSON.stringify(await read.build(tx, ctx)));
  if (key === null || !context) return text(db, await getLocationContext(db, locationId, context));
  const copies = copiesOf(db);
  const copyKey = `${locationId}/${key}`;
  const { keptGeneration: generation, today } = context;
  if (generation !== null && !context.readModelStale) {
    const copy = copies.get(copyKey);
    if (copy && copy.generation === generation && copy.today === today) return copy.body;
    // Nothing was written since the generation was taken: the answer built now is its answer (and
    // a write committed while it is built leaves a mark, so it is never served across that write).
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
 * A route's kept read sent as its 200 answer: read with the session's context (the route sets
 * `config.locationContext`) on the primary, the text checked against `schema` outside production.
 */
export async function sendKept(
  reply: FastifyReply,
  read: {
    locationId: number;
    key: string | null;
    schema: z.ZodType;
    build: (db: Database, ctx: LocationContext) => Promise<unknown>;
  },
): Promise<FastifyReply> {
  const { server, request } = reply;
  const { locationId, key, build } = read;
  const answer = await readKept(server.db, { locationId, key, session: request.locationContext, build });
  return sendJsonText(reply, answer, read.schema, server.config.NODE_ENV !== 'production');
}

/**
 * Takes the location's marks with its read model current. The read model is refreshed lazily by
 * its readers, and the refresh rewrites location_item_reads (which marks the location in this
 * transaction): after the marks are taken the read model is checked again, and a write that made
 * it stale in between is refreshed and its mark taken on the next pass. Null when writes kept
 * coming (the answer is then sent, not kept).
 */
async function takeMarksWithFreshReadModel(tx: Database, locationId: number) {
  for (let attempt = 0; attempt < READ_MODEL_ATTEMPTS; attempt++) {
    await getLocationContext(tx, locationId);
    const generation = await marks.takeMarks(tx, locationId);
    const after = await findLocationContext(tx, locationId);
    if (after && !after.readModelStale) return { ctx: toLocationContext(after), generation };
  }
  return null;
}

export { sweepMarks as sweepKeptReadMarks } from './kept-reads.repo';
