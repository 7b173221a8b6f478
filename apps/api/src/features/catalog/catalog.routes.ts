import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  customOrderRequestSchema,
  customOrderResponseSchema,
  envelope,
  idSchema,
  itemDetailQuerySchema,
  itemDetailSchema,
  itemMatchesSchema,
  lastPurchasedItemSchema,
  lastPurchasedQuerySchema,
  linkedItemsSchema,
  listItemSchema,
  listItemsQuerySchema,
  pagedEnvelope,
  recordIdSchema,
  searchSuggestionSchema,
  searchSuggestionsQuerySchema,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { registerReadModelRefresh } from './read-model-refresh.job';
import { requireActiveLocation } from '../../platform/location-scope';
import { listItems, listSearchSuggestions } from './catalog.service';
import { moveInCustomOrder } from './custom-order.service';
import { getItemDetail } from './item-detail.service';
import { getItemMatches, getLastPurchased } from './item-matches.service';
import { getLinkedItems } from './linked-items.service';
import { readDbFor } from '../../platform/db-replica';
import { sendJsonText } from '../../platform/serializers';
import { readListPage, readSuggestions } from './list-answers.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const itemsPageSchema = pagedEnvelope(listItemSchema);
const suggestionsSchema = envelope(z.array(searchSuggestionSchema));

/** The place-order list (doc 1 §2, §7): items, search suggestions, custom order, matches, last purchased. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerReadModelRefresh(app);

  app.get(
    '/items',
    {
      preHandler: requireAuth,
      config: { locationContext: true },
      schema: {
        tags: ['catalog'],
        summary: "A page of the active location's items, filtered, searched and sorted",
        querystring: listItemsQuerySchema,
        response: { 200: itemsPageSchema, ...errorResponses },
      },
    },
    // A kept page (list-answers.service) is sent as the JSON text it is, checked against the schema
    // outside production. Reads routed to a replica are built there, never kept.
    async (request, reply) => {
      const db = readDbFor(app, request, reply);
      const locationId = await requireActiveLocation(request);
      if (db !== app.db) return listItems(db, locationId, request.query, request.locationContext);
      const page = await readListPage(db, locationId, request.query, request.locationContext);
      return sendJsonText(reply, page, itemsPageSchema, app.config.NODE_ENV !== 'production');
    },
  );

  app.get(
    '/items/search-suggestions',
    {
      preHandler: requireAuth,
      config: { locationContext: true },
      schema: {
        tags: ['catalog'],
        summary: 'The best matches of a search, for the header search',
        querystring: searchSuggestionsQuerySchema,
        response: { 200: suggestionsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const db = readDbFor(app, request, reply);
      const locationId = await requireActiveLocation(request);
      const { search, limit } = request.query;
      if (db !== app.db) return { data: await listSearchSuggestions(db, locationId, search, limit, request.locationContext) };
      const answer = await readSuggestions(db, locationId, { search, limit }, request.locationContext);
      return sendJsonText(reply, answer, suggestionsSchema, app.config.NODE_ENV !== 'production');
    },
  );

  app.post(
    '/items/custom-order',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['catalog'],
        summary: 'Move an item in the custom order (drag reorder)',
        body: customOrderRequestSchema,
        response: { 200: envelope(customOrderResponseSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await moveInCustomOrder(app.db, await requireActiveLocation(request), request.body.custom_order_data),
    }),
  );

  app.get(
    '/items/matches/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['catalog'],
        summary: 'Savings matches of an item, with the reasons',
        params: z.object({ id: idSchema }),
        response: { 200: envelope(itemMatchesSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getItemMatches(app.db, await requireActiveLocation(request), request.params.id) }),
  );

  app.get(
    '/items/:id/linked-items',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['catalog'],
        summary:
          'The generic groups linking an item, with their catalogue items (punched-out and custom items left out); 409 when it is in no group',
        params: z.object({ id: idSchema }),
        response: { 200: envelope(linkedItemsSchema), 409: apiErrorSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await getLinkedItems(app.db, await requireActiveLocation(request), request.params.id) }),
  );

  app.get(
    '/items/get-last-purchased',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['catalog'],
        summary: 'Purchased items with a cheaper match, largest savings first',
        querystring: lastPurchasedQuerySchema,
        response: { 200: pagedEnvelope(lastPurchasedItemSchema), ...errorResponses },
      },
    },
    async (request) => getLastPurchased(app.db, await requireActiveLocation(request), request.query.page, request.query.limit),
  );

  // Registered after the fixed /items/… paths; the router prefers those over the parameter anyway.
  app.get(
    '/items/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['catalog'],
        summary: 'One item of the active location; analytics=1 adds its purchase history',
        params: z.object({
          id: recordIdSchema({ type: 'id must be a number.', positive: 'id must be a positive number.' }),
        }),
        querystring: itemDetailQuerySchema,
        response: { 200: envelope(itemDetailSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await getItemDetail(app.db, await requireActiveLocation(request), request.params.id, request.query.analytics),
    }),
  );
};
