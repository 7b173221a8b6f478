import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The benchmark's framework floor (`npm run bench`, docs/performance.md): GET /api/bench/noop does no
 * work at all, so its speed is what Fastify and the plugins every route shares (helmet headers, the
 * error handler, the zod serializer) cost on this server. Registered only when BENCH_NOOP=1, which
 * only the benchmark harness sets.
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
};

export default benchRoutes;
