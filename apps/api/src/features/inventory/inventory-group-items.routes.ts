import { z } from 'zod';
import {
  customItemRequestSchema,
  envelope,
  genericGroupSchema,
  genericItemParamsSchema,
  groupItemParamsSchema,
  groupItemSchema,
  groupParamsSchema,
  itemSearchQuerySchema,
  linkCandidateSchema,
  linkItemsRequestSchema,
  onHandRequestSchema,
  onHandResponseSchema,
  packSizeRequestSchema,
  pagedEnvelope,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { changePackSize, updateOnHand } from './inventory-counts.service';
import {
  addCustomItem,
  linkItems,
  removeGroupItem,
  searchLinkCandidates,
  togglePreferred,
} from './inventory-group-items.service';
import { context, errorResponses, idAnswer, tags, type InventoryApp } from './inventory-route-parts';

/** A group's items (doc 2 §7 "Group items"): link, add, count on hand, pack size, take out, the preferred heart. */
export function registerInventoryGroupItemRoutes(app: InventoryApp): void {
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
      searchLinkCandidates(
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
        data: await linkItems(app.db, locationId, userId, request.params.id, request.params.groupId, request.body),
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
      const item = await addCustomItem(app.db, locationId, userId, request.params.id, request.params.groupId, request.body);
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
        data: await updateOnHand(
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
          data: await removeGroupItem(
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
      return { data: await changePackSize(app.db, locationId, userId, id, groupId, itemId, request.body) };
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
      return { data: await togglePreferred(app.db, locationId, userId, request.params.id) };
    },
  );
}
