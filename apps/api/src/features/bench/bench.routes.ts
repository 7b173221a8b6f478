import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-guard';
import { sendCompressed } from '../../platform/compressed-answers';
import { notFound } from '../../platform/errors';

/** The largest answer the bytes floor holds (the inventory view's page is ≈ 330 KB at chain scale). */
const MAX_BENCH_BYTES = 4_194_304;

/**
 * The benchmark's floors (`npm run bench`, docs/performance.md), registered only when BENCH_NOOP=1,
 * which only the benchmark harness sets.
 * - GET /api/bench/noop does no work at all, so its speed is what Fastify and the plugins every
 *   route shares (helmet headers, the error handler, the zod serializer) cost on this server.
 * - PUT /api/bench/bytes keeps a JSON answer (the last one put); GET /api/bench/bytes sends it the
 *   way a kept read sends its answer (compressed once, kept compressed); both signed in. A heavy
 *   read's floor: what its bytes cost the server, the network and the load generator without any
 *   of the read's own work.
 */
export const benchRoutes: FastifyPluginAsyncZod = async (app) => {
  if (process.env.BENCH_NOOP !== '1') return;
  app.get(
    '/bench/noop',
    {
      schema: {
        hide: true,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async () => ({ ok: true as const }),
  );

  let keptAnswer: Buffer | null = null;
  app.put(
    '/bench/bytes',
    {
      preHandler: requireAuth,
      bodyLimit: MAX_BENCH_BYTES,
      schema: {
        hide: true,
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.object({ bytes: z.number().int() }) },
      },
    },
    async (request) => {
      keptAnswer = Buffer.from(JSON.stringify(request.body));
      return { bytes: keptAnswer.length };
    },
  );
  app.get('/bench/bytes', { preHandler: requireAuth, schema: { hide: true } }, async (_request, reply) => {
    if (!keptAnswer) throw notFound('A bench answer (PUT /api/bench/bytes first)');
    return sendCompressed(reply.type('application/json; charset=utf-8'), keptAnswer);
  });
};

export default benchRoutes;
