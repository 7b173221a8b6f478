import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  completeInventoryRequestSchema,
  countAnswerSchema,
  envelope,
  inventoryCountRequestSchema,
  inventoryDetailQuerySchema,
  inventoryDetailSchema,
  inventoryIdParamsSchema,
  inventoryItemParamsSchema,
  inventoryItemSchema,
  inventoryItemsQuerySchema,
  pagedEnvelope,
  pastInventoriesQuerySchema,
  pastInventorySchema,
  spreadsheetQuerySchema,
  startInventoryRequestSchema,
  updateItemBatchRequestSchema,
  updateItemBatchResponseSchema,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { applyItemBatch, countItem } from './inventories-counts.service';
import { completeInventory, reopenInventory, startInventory } from './inventories-lifecycle.service';
import {
  getActiveInventory,
  getInventoryDetail,
  getReview,
  listInventories,
  listInventoryItems,
} from './inventories-read.service';
import { renderSpreadsheet } from './inventories-spreadsheet.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['inventories'];
const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The inventory lifecycle (doc 2 §7 "Inventory lifecycle"), the count against an inventory and the offline batch. */
export const inventoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = async (request: Parameters<typeof getAuth>[0]) => ({
    locationId: await requireActiveLocation(request),
    userId: getAuth(request).userId,
  });

  app.get(
    '/inventory',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'A page of past inventories (and the one under way), newest first',
        querystring: pastInventoriesQuerySchema,
        response: { 200: pagedEnvelope(pastInventorySchema), ...errorResponses },
      },
    },
    async (request) => listInventories(app.db, await requireActiveLocation(request), request.query.page, request.query.limit),
  );

  app.post(
    '/inventory',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Start an inventory on a date (clears every on-hand value)',
        body: startInventoryRequestSchema,
        response: { 201: envelope(pastInventorySchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { locationId, userId } = await context(request);
      return reply.code(201).send({ data: await startInventory(app.db, locationId, userId, request.body.start_date) });
    },
  );

  app.post(
    '/inventory/complete',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Complete the inventory under way (snapshot, then on-hand zeroed)',
        body: completeInventoryRequestSchema,
        response: { 200: envelope(pastInventorySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return { data: await completeInventory(app.db, locationId, userId, request.body?.id) };
    },
  );

  app.get(
    '/inventory/active',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The inventory under way, or null (the status control)',
        response: { 200: envelope(pastInventorySchema.nullable()), ...errorResponses },
      },
    },
    async (request) => ({ data: await getActiveInventory(app.db, await requireActiveLocation(request)) }),
  );

  app.get(
    '/inventory/review',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Review of the inventory under way, grouped by comparison view',
        response: { 200: envelope(inventoryDetailSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getReview(app.db, await requireActiveLocation(request)) }),
  );

  app.get(
    '/inventory/spreadsheet',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'An inventory (by id, else the newest) as an Excel file',
        querystring: spreadsheetQuerySchema,
        produces: [XLSX_CONTENT_TYPE],
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { file, fileName } = await renderSpreadsheet(app.db, await requireActiveLocation(request), request.query.id);
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file);
    },
  );

  app.get(
    '/inventory/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'One inventory with its storage groups, comparison groups and items (search, missing on hand)',
        params: inventoryIdParamsSchema,
        querystring: inventoryDetailQuerySchema,
        response: { 200: envelope(inventoryDetailSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await getInventoryDetail(app.db, await requireActiveLocation(request), request.params.id, {
        search: request.query.search,
        missingOnHandOnly: request.query.missingOnHand === '1' || request.query.missingOnHand === 'true',
      }),
    }),
  );

  app.get(
    '/inventory/:id/items',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A page of an inventory's items",
        params: inventoryIdParamsSchema,
        querystring: inventoryItemsQuerySchema,
        response: { 200: pagedEnvelope(inventoryItemSchema), ...errorResponses },
      },
    },
    async (request) =>
      listInventoryItems(
        app.db,
        await requireActiveLocation(request),
        request.params.id,
        request.query.page,
        request.query.limit,
      ),
  );

  app.post(
    '/inventory/:id/reopen',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Reopen a completed inventory (users whose title contains 'owner')",
        params: inventoryIdParamsSchema,
        response: { 200: envelope(pastInventorySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return { data: await reopenInventory(app.db, locationId, userId, request.params.id) };
    },
  );

  app.patch(
    '/inventory/:id/item/:itemId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Count an item against the inventory under way',
        params: inventoryItemParamsSchema,
        body: inventoryCountRequestSchema,
        response: { 200: envelope(countAnswerSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return {
        data: await countItem(app.db, locationId, userId, request.params.id, request.params.itemId, request.body),
      };
    },
  );

  app.patch(
    '/comparison-views/update-item-batch',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Sync the counts made offline, once (idempotent on batchId; the later count of an item wins)',
        body: updateItemBatchRequestSchema,
        response: { 200: envelope(updateItemBatchResponseSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return { data: await applyItemBatch(app.db, locationId, userId, request.body) };
    },
  );
};
