import { z } from 'zod';
import {
  createGroupRequestSchema,
  envelope,
  genericGroupSchema,
  groupParamsSchema,
  groupsQuerySchema,
  groupTotalsSchema,
  groupUnitRequestSchema,
  listIdParamsSchema,
  moveGroupRequestSchema,
  resetSortsRequestSchema,
  updateGroupRequestSchema,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { sendJsonText } from '../../platform/serializers';
import * as answers from './inventory-answers.service';
import { getGroup, getGroupTotals, parseGroupFilter } from './inventory-groups-read.service';
import {
  createGroup,
  deleteGroup,
  moveGroup,
  resetGroupOrder,
  setGroupUnits,
  updateGroup,
} from './inventory-groups-write.service';
import {
  context,
  errorResponses,
  groupReadQuery,
  groupsPageSchema,
  idAnswer,
  tags,
  type InventoryApp,
} from './inventory-route-parts';

/** A list's generic groups (doc 2 §7 "Inventory lists and groups"): the page, one group, its totals, and changes. */
export function registerInventoryGroupRoutes(app: InventoryApp): void {
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
      return { data: await setGroupUnits(app.db, locationId, userId, request.body) };
    },
  );

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
        filter: parseGroupFilter(request.query.filterOptions, request.query.filters),
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
      return reply.code(201).send({ data: await createGroup(app.db, locationId, userId, request.params.id, request.body) });
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
      return { data: await resetGroupOrder(app.db, locationId, userId, request.params.id, request.body.groups) };
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
      data: await getGroup(
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
        data: await updateGroup(app.db, locationId, userId, request.params.id, request.params.groupId, request.body),
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
      return { data: await deleteGroup(app.db, locationId, userId, request.params.id, request.params.groupId) };
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
        data: await moveGroup(app.db, locationId, userId, request.params.id, request.params.groupId, request.body.name),
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
      data: await getGroupTotals(app.db, await requireActiveLocation(request), request.params.id, request.params.groupId),
    }),
  );
}
