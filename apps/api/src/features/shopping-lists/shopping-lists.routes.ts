import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addOneRequestSchema,
  addOneResponseSchema,
  apiErrorSchema,
  createShoppingListRequestSchema,
  envelope,
  pagedEnvelope,
  renameShoppingListRequestSchema,
  reorderListItemRequestSchema,
  reorderListItemResponseSchema,
  shoppingListIdParamsSchema,
  shoppingListItemParamsSchema,
  shoppingListItemSchema,
  shoppingListItemsQuerySchema,
  shoppingListSchema,
  shoppingListSummarySchema,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import {
  addOneItem,
  createShoppingList,
  deleteShoppingList,
  getShoppingList,
  getShoppingListItems,
  listShoppingLists,
  removeItem,
  renameShoppingList,
  reorderItem,
} from './shopping-lists.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const tags = ['shopping-lists'];

/** Shopping lists of the active location (doc 1 §2 "Shopping lists", §3, §7). */
export const shoppingListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shopping-lists',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The active location's shopping lists, by name, with their item counts",
        response: { 200: envelope(z.array(shoppingListSummarySchema)), ...errorResponses },
      },
    },
    async (request) => ({ data: await listShoppingLists(app.db, await requireActiveLocation(request)) }),
  );

  app.post(
    '/shopping-lists',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Create a list (name unique in the location), optionally with items',
        body: createShoppingListRequestSchema,
        response: { 201: envelope(shoppingListSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const list = await createShoppingList(app.db, locationId, getAuth(request).userId, request.body);
      return reply.code(201).send({ data: list });
    },
  );

  // A fixed path: registered before the /:id routes (the router prefers it anyway).
  app.post(
    '/shopping-lists/reorder',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Reorder a list item: move it to the top, the bottom, or after the item now above it',
        body: reorderListItemRequestSchema,
        response: { 200: envelope(reorderListItemResponseSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await reorderItem(app.db, await requireActiveLocation(request), request.body) }),
  );

  app.get(
    '/shopping-lists/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'One list with all of its items in list order',
        params: shoppingListIdParamsSchema,
        response: { 200: envelope(shoppingListSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getShoppingList(app.db, await requireActiveLocation(request), request.params.id) }),
  );

  app.get(
    '/shopping-lists/:id/items',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A page of a list's items, in list order",
        params: shoppingListIdParamsSchema,
        querystring: shoppingListItemsQuerySchema,
        response: { 200: pagedEnvelope(shoppingListItemSchema), ...errorResponses },
      },
    },
    async (request) =>
      getShoppingListItems(
        app.db,
        await requireActiveLocation(request),
        request.params.id,
        request.query.page,
        request.query.limit,
      ),
  );

  app.patch(
    '/shopping-lists/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Rename a list',
        params: shoppingListIdParamsSchema,
        body: renameShoppingListRequestSchema,
        response: { 200: envelope(z.object({ id: z.number().int(), name: z.string() })), ...errorResponses },
      },
    },
    async (request) => ({
      data: await renameShoppingList(app.db, await requireActiveLocation(request), request.params.id, request.body.name),
    }),
  );

  app.delete(
    '/shopping-lists/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Delete a list (its items stay in the catalogue)',
        params: shoppingListIdParamsSchema,
        response: { 200: envelope(z.object({ id: z.number().int() })), ...errorResponses },
      },
    },
    async (request) => ({ data: await deleteShoppingList(app.db, await requireActiveLocation(request), request.params.id) }),
  );

  app.post(
    '/shopping-lists/:id/add-one',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Add one of the location's items at the bottom of a list",
        params: shoppingListIdParamsSchema,
        body: addOneRequestSchema,
        response: { 200: envelope(addOneResponseSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await addOneItem(app.db, await requireActiveLocation(request), request.params.id, request.body.itemDistributorId),
    }),
  );

  app.delete(
    '/shopping-lists/:id/:itemId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Remove an item (by its item-distributor id) from a list',
        params: shoppingListItemParamsSchema,
        response: {
          200: envelope(z.object({ id: z.number().int(), itemDistributorId: z.number().int() })),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      data: await removeItem(app.db, await requireActiveLocation(request), request.params.id, request.params.itemId),
    }),
  );
};
