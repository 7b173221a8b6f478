import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  chainSummaryQuerySchema,
  chainSummarySchema,
  chainVarianceQuerySchema,
  chainVarianceRowSchema,
  envelope,
  pagedEnvelope,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import * as service from './chain.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The chain view (issue 39): figures across the caller's locations (their memberships), never the
 * active location alone and never a location they do not belong to.
 */
export const chainRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chain/summary',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['chain'],
        summary: "Total purchases, orders and savings of each of the caller's locations and of the group, for a time filter",
        querystring: chainSummaryQuerySchema,
        response: { 200: envelope(chainSummarySchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await service.getChainSummary(app.db, getAuth(request).userId, request.query) }),
  );

  app.get(
    '/chain/price-variance',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['chain'],
        summary:
          "Items the caller's locations bought at different prices: lowest and highest, by whom, and the saving at the lowest",
        querystring: chainVarianceQuerySchema,
        response: { 200: pagedEnvelope(chainVarianceRowSchema), ...errorResponses },
      },
    },
    async (request) => service.listPriceVariance(app.db, getAuth(request).userId, request.query),
  );
};
