import { z } from 'zod';
import {
  createInventoryListRequestSchema,
  envelope,
  inventoryListSchema,
  listIdParamsSchema,
  pagedEnvelope,
  updateInventoryListRequestSchema,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import {
  createInventoryList,
  deleteInventoryList,
  getInventoryList,
  listAllInventoryLists,
  listInventoryLists,
  updateInventoryList,
} from './inventory-lists.service';
import { context, errorResponses, idAnswer, pageQuery, tags, type InventoryApp } from './inventory-route-parts';

/** The inventory lists (doc 2 §7 "Inventory lists and groups"): a page, all of them, one, create, rename, delete. */
export function registerInventoryListRoutes(app: InventoryApp): void {
  app.get(
    '/comparison-views',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A page of the location's inventory lists",
        querystring: pageQuery,
        response: { 200: pagedEnvelope(inventoryListSchema), ...errorResponses },
      },
    },
    async (request) => listInventoryLists(app.db, await requireActiveLocation(request), request.query.page, request.query.limit),
  );

  app.get(
    '/comparison-views/all-views',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Every inventory list of the location, in their order',
        response: { 200: envelope(z.array(inventoryListSchema)), ...errorResponses },
      },
    },
    async (request) => ({ data: await listAllInventoryLists(app.db, await requireActiveLocation(request)) }),
  );

  app.post(
    '/comparison-views',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Create an inventory list (name unique in the location)',
        body: createInventoryListRequestSchema,
        response: { 201: envelope(inventoryListSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { locationId, userId } = await context(request);
      return reply.code(201).send({ data: await createInventoryList(app.db, locationId, userId, request.body.name) });
    },
  );

  app.get(
    '/comparison-views/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'One inventory list (also the list status check: onInventory, name)',
        params: listIdParamsSchema,
        response: { 200: envelope(inventoryListSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await getInventoryList(app.db, await requireActiveLocation(request), request.params.id),
    }),
  );

  app.patch(
    '/comparison-views/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Rename an inventory list, or mark it on inventory',
        params: listIdParamsSchema,
        body: updateInventoryListRequestSchema,
        response: { 200: envelope(inventoryListSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return { data: await updateInventoryList(app.db, locationId, userId, request.params.id, request.body) };
    },
  );

  app.delete(
    '/comparison-views/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Delete an inventory list with its groups',
        params: listIdParamsSchema,
        response: { 200: idAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return { data: await deleteInventoryList(app.db, locationId, userId, request.params.id) };
    },
  );
}
