import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addDistributorBodySchema,
  addedDistributorSchema,
  apiErrorSchema,
  directoryEntrySchema,
  directorySearchQuerySchema,
  envelope,
  orderingTermsSchema,
  recordIdSchema,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { addDistributor, getOrderingTerms, searchDirectory, setOrderingTerms } from './directory.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const params = z.object({ id: recordIdSchema({ type: 'id must be a number.', positive: 'id must be a positive number.' }) });

/** The Distributor page's add and the Ordering section of Edit Distributor (issue 31; not in the spec). */
export const distributorDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/distributors/directory',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: 'Distributors the active location may add: the directory and its own added ones (name contains the text)',
        querystring: directorySearchQuerySchema,
        response: { 200: envelope(z.array(directoryEntrySchema)), ...errorResponses },
      },
    },
    async (request) => ({ data: await searchDirectory(app.db, await requireActiveLocation(request), request.query.search) }),
  );

  app.post(
    '/distributors',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary:
          'Add a distributor to the active location, from the directory (id) or new by name (seen by this restaurant only)',
        body: addDistributorBodySchema,
        response: { 201: envelope(addedDistributorSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await addDistributor(app.db, await requireActiveLocation(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  app.get(
    '/distributors/:id/ordering-terms',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: "The active location's ordering terms with the distributor (delivery days, cut-off, minimum, fee; cents)",
        params,
        response: { 200: envelope(orderingTermsSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getOrderingTerms(app.db, await requireActiveLocation(request), request.params.id) }),
  );

  app.put(
    '/distributors/:id/ordering-terms',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['distributors'],
        summary: 'Set the ordering terms; a broken rule answers 400 with every message',
        params,
        body: orderingTermsSchema,
        response: { 200: envelope(orderingTermsSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await setOrderingTerms(app.db, await requireActiveLocation(request), request.params.id, request.body),
    }),
  );
};
