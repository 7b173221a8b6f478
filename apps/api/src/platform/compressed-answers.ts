/**
 * API answers compressed for the client (issue 38). `@fastify/compress` compresses each answer on
 * the request's own thread, every time; a kept answer (the place-order list's pages, search
 * suggestions, the inventory view's stored pages) is the same Buffer for every reader until a write
 * moves its generation on, so its compressed bytes are kept beside it: a browser's request for a
 * kept page is sent without compressing it on its own thread again (a second ask has it compressed
 * smaller in the thread pool, once). docs/decisions.md "Kept answers are kept compressed".
 */
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** What `@fastify/compress` is registered with (app.ts), and what the kept copies follow. */
export const COMPRESSION = {
  /** Answers under 1 KB go as they are. */
  threshold: 1024,
  /** In the order preferred when the client takes both. */
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  /**
   * Brotli's quickest level: an answer not kept is compressed per request, a kept one once on the
   * request's thread (then again smaller, off it, if asked twice: KEPT_BROTLI_QUALITY), and a
   * first-asked search is both. A 66 KB list page: quality 1 0.12–0.14 ms of CPU for 4.6–7.4 KB,
   * quality 4 0.33–0.60 ms for 3.8–6.4 KB (11 costs tens of ms). docs/decisions.md "Compression".
   */
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
};

/**
 * The quality a kept answer is compressed at again once it is asked a second time, in libuv's
 * thread pool (off the request thread): its readers then get the smaller bytes. The 327 KB inventory
 * page: quality 1 30.8 KB (0.40 ms), 5 21.5 KB (1.7 ms), 9 20.2 KB (12.8 ms). docs/decisions.md "Compression".
 */
const KEPT_BROTLI_QUALITY = 5;

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

interface Copies {
  br?: Buffer;
  gzip?: Buffer;
  /** `br` holds quality 1's bytes and no recompression has started: the next ask starts one. */
  isBrotliQuick?: boolean;
}

/** Each answer Buffer's compressed bytes, dropped with the Buffer when its copy is evicted. */
const compressedByAnswer = new WeakMap<Buffer, Copies>();

/** Recompressions under way (for tests: settleRecompressions). */
const recompressions = new Set<Promise<void>>();

/**
 * Compresses a kept answer again at KEPT_BROTLI_QUALITY in the thread pool, and keeps the result in
 * place of the quick bytes. A failure leaves the quick bytes, which are still a correct answer.
 */
function recompressKept(answer: Buffer, copies: Copies, quick: Buffer): void {
  copies.isBrotliQuick = false;
  const params = {
    [zlibConstants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: answer.length,
  };
  const done: Promise<void> = new Promise((resolve) => {
    brotliCompress(answer, { params }, (error, bytes) => {
      if (!error && bytes.length <= quick.length) copies.br = bytes;
      resolve();
    });
  });
  recompressions.add(done);
  void done.finally(() => recompressions.delete(done));
}

/** Waits for the recompressions under way (tests). */
export async function settleRecompressions(): Promise<void> {
  while (recompressions.size > 0) await Promise.all([...recompressions]);
}

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
  if (encoding === 'gzip') return { encoding, bytes: (copies.gzip ??= gzipSync(answer)) };
  const asked = copies.br;
  if (asked === undefined) {
    // The first ask pays quality 1 on this thread: most answers asked once (a first-asked search) stop here.
    copies.isBrotliQuick = true;
    return { encoding, bytes: (copies.br = brotliCompressSync(answer, COMPRESSION.brotliOptions)) };
  }
  if (copies.isBrotliQuick) recompressKept(answer, copies, asked);
  return { encoding, bytes: asked };
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
