import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope, idSchema, priceChangesSchema } from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { answerFormat, sendKept } from '../../platform/kept-reads';
import { requireActiveLocation } from '../../platform/location-scope';
import { getPriceChanges } from './price-changes.service';

const priceChangesAnswerSchema = envelope(priceChangesSchema);
const PRICE_CHANGES_FORMAT = answerFormat(1, [priceChangesAnswerSchema]);

/** GET order-guides/{id}/price-changes (issue 20's alerts), a kept read (platform/kept-reads.ts). */
export const priceChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/order-guides/:id/price-changes',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary: "What one of the active location's order guides changed against the previous one from its distributor",
        description:
          'Price rises and drops (biggest first, at most 200 listed; the summary counts all), items added and removed, and the generic groups in which another option is now cheaper per unit than the one bought.',
        params: z.object({ id: idSchema }),
        response: { 200: priceChangesAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
      config: { locationContext: true },
    },
    // The guides, their lines, the groups and the prices it compares change when someone writes
    // them, and those writes mark the location: the answer is sent again until then.
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const guideId = request.params.id;
      return sendKept(reply, {
        locationId,
        key: `${PRICE_CHANGES_FORMAT};price-changes;guide=${guideId}`,
        build: async (db) => ({ data: await getPriceChanges(db, locationId, guideId) }),
        schema: priceChangesAnswerSchema,
      });
    },
  );
};
