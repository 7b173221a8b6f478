import { z } from 'zod';
import {
  allGroupsQuerySchema,
  envelope,
  fromItemDistributorQuerySchema,
  groupsSearchQuerySchema,
  groupSummarySchema,
  listWithGroupsSchema,
  pagedEnvelope,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { findListsHoldingOffer, listGroupSummaries } from './inventory-across-lists.service';
import { parseGroupFilter } from './inventory-groups-read.service';
import { errorResponses, tags, type InventoryApp } from './inventory-route-parts';

/** Groups across the location's lists: by name, and the lists and groups holding a catalogue item. */
export function registerInventoryAcrossListsRoutes(app: InventoryApp): void {
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
      return listGroupSummaries(app.db, await requireActiveLocation(request), {
        page,
        limit,
        term: parseGroupFilter(undefined, filters).nameLike,
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
      return listGroupSummaries(app.db, await requireActiveLocation(request), { page, limit, term: search });
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
      data: await findListsHoldingOffer(app.db, await requireActiveLocation(request), request.query),
    }),
  );
}
