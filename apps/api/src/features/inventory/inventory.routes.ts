import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allGroupsQuerySchema,
  apiErrorSchema,
  fromItemDistributorQuerySchema,
  groupSummarySchema,
  groupsSearchQuerySchema,
  listWithGroupsSchema,
  createGroupRequestSchema,
  createInventoryListRequestSchema,
  customItemRequestSchema,
  envelope,
  genericGroupSchema,
  genericItemParamsSchema,
  groupItemParamsSchema,
  groupItemSchema,
  groupParamsSchema,
  historicRecordSchema,
  groupsQuerySchema,
  groupTotalsSchema,
  groupUnitRequestSchema,
  inventoryListSchema,
  itemPriceAnalyticsSchema,
  itemSearchQuerySchema,
  linkCandidateSchema,
  linkItemsRequestSchema,
  listIdParamsSchema,
  moveGroupRequestSchema,
  onHandRequestSchema,
  onHandResponseSchema,
  packSizeRequestSchema,
  pagedEnvelope,
  resetSortsRequestSchema,
  updateGroupRequestSchema,
  updateInventoryListRequestSchema,
  wholeNumberSchema,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { sendJsonText } from '../../platform/serializers';
import { registerInventoryAnswersSweep } from './inventory-answers.job';
import * as answers from './inventory-answers.service';
import * as service from './inventory.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['inventory'];
const pageQuery = z.object({
  page: wholeNumberSchema({ min: 1 }).default(1),
  limit: wholeNumberSchema({ min: 1, max: 200 }).default(100),
});
const groupReadQuery = z.object({ expand: z.string().max(200).default('items') });
const groupsPageSchema = pagedEnvelope(genericGroupSchema);
const idAnswer = envelope(z.object({ id: z.number().int() }));

/** The inventory comparison view (doc 2 §7 "Inventory lists and groups", "Group items"). */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerInventoryAnswersSweep(app);
  const context = async (request: Parameters<typeof getAuth>[0]) => ({
    locationId: await requireActiveLocation(request),
    userId: getAuth(request).userId,
  });

  // ---------------------------------------------------------------- lists
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
    async (request) =>
      service.listInventoryLists(app.db, await requireActiveLocation(request), request.query.page, request.query.limit),
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
    async (request) => ({ data: await service.listAllInventoryLists(app.db, await requireActiveLocation(request)) }),
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
      return reply.code(201).send({ data: await service.createInventoryList(app.db, locationId, userId, request.body.name) });
    },
  );

  app.post(
    '/comparison-views/group-unit',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Set groups' 'Show Items in' unit",
        body: groupUnitRequestSchema,
        response: {
          200: envelope(z.array(z.object({ groupId: z.number().int(), unitId: z.number().int(), totalOnHand: z.number() }))),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return { data: await service.setGroupUnits(app.db, locationId, userId, request.body) };
    },
  );

  app.get(
    '/comparison-views/all-groups',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Generic groups across the location\'s lists, filtered by name (filters {"name": …}, like), A-Z',
        querystring: allGroupsQuerySchema,
        response: { 200: pagedEnvelope(groupSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page, limit, filters } = request.query;
      return service.listGroupSummaries(app.db, await requireActiveLocation(request), {
        page,
        limit,
        term: service.parseGroupFilter(undefined, filters).nameLike,
      });
    },
  );

  app.get(
    '/comparison-views/groups-search',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Search the location's generic groups by name across its lists, A-Z",
        querystring: groupsSearchQuerySchema,
        response: { 200: pagedEnvelope(groupSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      return service.listGroupSummaries(app.db, await requireActiveLocation(request), { page, limit, term: search });
    },
  );

  app.get(
    '/comparison-views/from-item-distributor',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The lists (and with expand=groups their groups; showItems=1 their items) that hold a catalogue item',
        querystring: fromItemDistributorQuerySchema,
        response: { 200: envelope(z.array(listWithGroupsSchema)), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.findListsHoldingOffer(app.db, await requireActiveLocation(request), request.query),
    }),
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
      data: await service.getInventoryList(app.db, await requireActiveLocation(request), request.params.id),
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
      return { data: await service.updateInventoryList(app.db, locationId, userId, request.params.id, request.body) };
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
      return { data: await service.deleteInventoryList(app.db, locationId, userId, request.params.id) };
    },
  );

  // ---------------------------------------------------------------- groups
  app.get(
    '/comparison-views/:id/groups',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A page of a list's generic groups: name filter (like), sort custom/asc/desc, expand items",
        params: listIdParamsSchema,
        querystring: groupsQuerySchema,
        response: { 200: groupsPageSchema, ...errorResponses },
      },
    },
    // About 290 KB of items a page, mostly a stored answer (inventory-answers.service): sent as the
    // JSON text it is, checked against the schema outside production.
    async (request, reply) => {
      const query = {
        page: request.query.page,
        limit: request.query.limit,
        expand: request.query.expand,
        filter: service.parseGroupFilter(request.query.filterOptions, request.query.filters),
        analytics: request.query.analytics === '1',
      };
      const { userId, activeLocationId } = getAuth(request);
      const listId = request.params.id;
      const page =
        (await answers.findMemberPage(app.db, { userId, locationId: activeLocationId }, listId, query)) ??
        (await answers.readGroupsPage(app.db, await requireActiveLocation(request), listId, query));
      return sendJsonText(reply, page, groupsPageSchema, app.config.NODE_ENV !== 'production');
    },
  );

  app.post(
    '/comparison-views/:id/groups',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Create a generic group at a position (new_sort, 0 = top)',
        params: listIdParamsSchema,
        body: createGroupRequestSchema,
        response: { 201: envelope(z.object({ id: z.number().int(), name: z.string() })), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { locationId, userId } = await context(request);
      return reply
        .code(201)
        .send({ data: await service.createGroup(app.db, locationId, userId, request.params.id, request.body) });
    },
  );

  app.post(
    '/comparison-views/:id/reset-sorts',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Save group order: the list's groups in the order of the ids sent",
        params: listIdParamsSchema,
        body: resetSortsRequestSchema,
        response: { 200: envelope(z.object({ groups: z.array(z.number().int()) })), ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return { data: await service.resetGroupOrder(app.db, locationId, userId, request.params.id, request.body.groups) };
    },
  );

  app.get(
    '/comparison-views/:id/groups/:groupId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'One generic group with its items',
        params: groupParamsSchema,
        querystring: groupReadQuery,
        response: { 200: envelope(genericGroupSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.getGroup(
        app.db,
        await requireActiveLocation(request),
        request.params.id,
        request.params.groupId,
        request.query.expand,
      ),
    }),
  );

  app.patch(
    '/comparison-views/:id/groups/:groupId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Rename a group, set its par level, or move it to a position (new_sort)',
        params: groupParamsSchema,
        body: updateGroupRequestSchema,
        response: { 200: envelope(genericGroupSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return {
        data: await service.updateGroup(app.db, locationId, userId, request.params.id, request.params.groupId, request.body),
      };
    },
  );

  app.delete(
    '/comparison-views/:id/groups/:groupId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Delete a generic group',
        params: groupParamsSchema,
        response: { 200: idAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return { data: await service.deleteGroup(app.db, locationId, userId, request.params.id, request.params.groupId) };
    },
  );

  app.patch(
    '/comparison-views/:id/groups/:groupId/move',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Move a group to another inventory list (name: the target list id)',
        params: groupParamsSchema,
        body: moveGroupRequestSchema,
        response: { 200: envelope(z.object({ id: z.number().int(), comparisonViewId: z.number().int() })), ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return {
        data: await service.moveGroup(app.db, locationId, userId, request.params.id, request.params.groupId, request.body.name),
      };
    },
  );

  app.get(
    '/comparison-views/:id/groups/:groupId/totals',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Totals refetch after an edit: the group, its list and every list of the location',
        params: groupParamsSchema,
        response: { 200: envelope(groupTotalsSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.getGroupTotals(app.db, await requireActiveLocation(request), request.params.id, request.params.groupId),
    }),
  );

  // ---------------------------------------------------------------- items
  app.get(
    '/comparison-views/:id/groups/:groupId/search-items',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Search the location's catalogue for the Add/Link dialog (30 a page)",
        params: groupParamsSchema,
        querystring: itemSearchQuerySchema,
        response: { 200: pagedEnvelope(linkCandidateSchema), ...errorResponses },
      },
    },
    async (request) =>
      service.searchLinkCandidates(
        app.db,
        await requireActiveLocation(request),
        request.params.id,
        request.params.groupId,
        request.query,
      ),
  );

  app.post(
    '/comparison-views/:id/groups/:groupId/items',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Link catalogue items (item-distributor ids) to a group',
        params: groupParamsSchema,
        body: linkItemsRequestSchema,
        response: { 200: envelope(genericGroupSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return {
        data: await service.linkItems(app.db, locationId, userId, request.params.id, request.params.groupId, request.body),
      };
    },
  );

  app.post(
    '/comparison-views/:id/groups/:groupId/custom',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Add a custom item to a group',
        params: groupParamsSchema,
        body: customItemRequestSchema,
        response: { 201: envelope(groupItemSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { locationId, userId } = await context(request);
      const item = await service.addCustomItem(
        app.db,
        locationId,
        userId,
        request.params.id,
        request.params.groupId,
        request.body,
      );
      return reply.code(201).send({ data: item });
    },
  );

  const kindNames = {
    item: { counted: 'catalogue item (item-distributor id)', removed: 'catalogue item' },
    custom: { counted: 'custom item', removed: 'custom item' },
    subrecipe: { counted: 'sub-recipe (group item id), in batches of its yield', removed: 'sub-recipe' },
  } as const;
  for (const kind of ['item', 'custom', 'subrecipe'] as const) {
    app.patch(
      `/comparison-views/:id/groups/:groupId/${kind}/:itemId`,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: `Count on hand of a ${kindNames[kind].counted}: cases, packs, units`,
          params: groupItemParamsSchema,
          body: onHandRequestSchema,
          response: { 200: envelope(onHandResponseSchema), ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.updateOnHand(
          app.db,
          await requireActiveLocation(request),
          request.params.id,
          request.params.groupId,
          kind,
          request.params.itemId,
          request.body,
        ),
      }),
    );

    app.delete(
      `/comparison-views/:id/groups/:groupId/${kind}/:itemId`,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          summary: `Take a ${kindNames[kind].removed} out of a group`,
          params: groupItemParamsSchema,
          response: { 200: idAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const { locationId, userId } = await context(request);
        return {
          data: await service.removeGroupItem(
            app.db,
            locationId,
            userId,
            request.params.id,
            request.params.groupId,
            kind,
            request.params.itemId,
          ),
        };
      },
    );
  }

  app.get(
    '/comparison-views/:id/groups/:groupId/item/:itemId/historic-inventory',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A catalogue item's count in the last 12 completed inventories, with the cases ordered until the next one",
        params: groupItemParamsSchema,
        response: { 200: envelope(z.array(historicRecordSchema)), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.getHistoricInventory(
        app.db,
        await requireActiveLocation(request),
        request.params.id,
        request.params.groupId,
        request.params.itemId,
      ),
    }),
  );

  app.get(
    '/comparison-views/:id/groups/:groupId/item/:itemId/price-analytics',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A catalogue item's average price paid per ~31-day window over the last 12 months",
        params: groupItemParamsSchema,
        response: { 200: envelope(itemPriceAnalyticsSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.getItemPriceAnalytics(
        app.db,
        await requireActiveLocation(request),
        request.params.id,
        request.params.groupId,
        request.params.itemId,
      ),
    }),
  );

  app.patch(
    '/comparison-views/:id/groups/:groupId/item/:itemId/pack-size',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Change the pack size a catalogue item is counted in (packSize or packSizeVal), or clear it (packSize: null)',
        params: groupItemParamsSchema,
        body: packSizeRequestSchema,
        response: { 200: envelope(groupItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      const { id, groupId, itemId } = request.params;
      return { data: await service.changePackSize(app.db, locationId, userId, id, groupId, itemId, request.body) };
    },
  );

  app.post(
    '/generic-item/toggle-is-preferred/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Toggle the preferred heart of a group item (genericItemId or genericCustomItemId)',
        params: genericItemParamsSchema,
        response: { 200: envelope(z.object({ is_preferred: z.boolean() })), ...errorResponses },
      },
    },
    async (request) => {
      const { locationId, userId } = await context(request);
      return { data: await service.togglePreferred(app.db, locationId, userId, request.params.id) };
    },
  );
};
