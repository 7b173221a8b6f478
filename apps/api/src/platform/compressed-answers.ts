/**
 * API answers compressed for the client (issue 38). `@fastify/compress` compresses each answer on
 * the request's own thread, every time; a kept answer (the place-order list's pages, search
 * suggestions, the inventory view's stored pages) is the same Buffer for every reader until a write
 * moves its generation on, so its compressed bytes are kept beside it: a browser's request for a
 * kept page is sent without compressing it again. docs/decisions.md "Kept answers are kept compressed".
 */
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** What `@fastify/compress` is registered with (app.ts), and what the kept copies follow. */
export const COMPRESSION = {
  /** Answers under 1 KB go as they are. */
  threshold: 1024,
  /** In the order preferred when the client takes both. */
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  /**
   * Brotli's quickest level: an answer not kept is compressed per request, a kept one once, and a
   * first-asked search is both. A 66 KB list page: quality 1 0.12–0.14 ms of CPU for 4.6–7.4 KB,
   * quality 4 0.33–0.60 ms for 3.8–6.4 KB (11 costs tens of ms). docs/decisions.md "Compression".
   */
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
};

type Encoding = 'br' | 'gzip';

/**
 * The encoding to send for an Accept-Encoding header, as `@fastify/compress` negotiates it: `*` and
 * `x-gzip` read as gzip, q-values honoured, brotli first. Undefined for none (or identity).
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, 'gzip');
  const chosen = negotiate(header, COMPRESSION.encodings);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/** Each answer Buffer's compressed bytes, dropped with the Buffer when its copy is evicted. */
const compressedByAnswer = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/**
 * The answer's bytes in the encoding the client takes, computed once per Buffer and encoding; null
 * when it goes as it is (no encoding taken, or under the threshold).
 */
export function compressedAnswer(
  answer: Buffer,
  acceptEncoding: string | undefined,
): { encoding: Encoding; bytes: Buffer } | null {
  if (answer.length < COMPRESSION.threshold) return null;
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding) return null;
  let copies = compressedByAnswer.get(answer);
  if (!copies) compressedByAnswer.set(answer, (copies = {}));
  const bytes = (copies[encoding] ??=
    encoding === 'br' ? brotliCompressSync(answer, COMPRESSION.brotliOptions) : gzipSync(answer));
  return { encoding, bytes };
}

/**
 * Sends an answer Buffer in the encoding its request takes (kept compressed, compressedAnswer),
 * with the headers `@fastify/compress` would set, which then leaves it alone; else as it is, for
 * the plugin to decide.
 */
export function sendCompressed(reply: FastifyReply, answer: Buffer): FastifyReply {
  const compressed = compressedAnswer(answer, reply.request.headers['accept-encoding']);
  if (!compressed) return reply.send(answer);
  const vary = reply.getHeader('vary');
  const varies = vary === undefined ? [] : [vary].flat().map(String);
  if (!varies.some((value) => value.toLowerCase().includes('accept-encoding'))) {
    reply.header('vary', [...varies, 'accept-encoding'].join(', '));
  }
  return reply.header('content-encoding', compressed.encoding).send(compressed.bytes);
}
