import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsDetailQuerySchema,
  analyticsDetailRowSchema,
  analyticsItemStatsQuerySchema,
  analyticsItemStatsSchema,
  analyticsLastPurchasedQuerySchema,
  analyticsLastPurchasedSchema,
  analyticsLookupItemSchema,
  analyticsLookupQuerySchema,
  analyticsOrderRowSchema,
  analyticsQuerySchema,
  analyticsResponseSchema,
  analyticsSavingsLinesQuerySchema,
  analyticsSavingsLinesResponseSchema,
  analyticsSuggestionSchema,
  analyticsSuggestionsQuerySchema,
  apiErrorSchema,
  envelope,
  pagedEnvelope,
} from '@stockpot/domain';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-guard';
import { answerFormat, sendKept } from '../../platform/kept-reads';
import { requireActiveLocation } from '../../platform/location-scope';
import * as service from './analytics.service';
import * as itemLookup from './item-lookup.service';
import * as savingsLines from './savings-lines.service';
import * as suggestions from './suggestions.service';
import { readDbFor } from '../../platform/db-replica';

const analyticsAnswerSchema = envelope(analyticsResponseSchema);
const ANALYTICS_FORMAT = answerFormat(1, [analyticsAnswerSchema]);

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** Analytics of the active location (doc 3 §2.4, §7 "Analytics"). */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['analytics'],
        summary: 'Total purchases, total orders and total savings of a time filter (WEEKLY, MONTHLY, YEARLY or CUSTOM)',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsAnswerSchema, ...errorResponses },
      },
      config: { locationContext: true },
    },
    // A kept read (platform/kept-reads.ts), kept for the location's date (the range ends there):
    // the daily aggregate changes when a write marks its days, and that mark marks the location
    // (migration 0060); the build brings the aggregate up to date first.
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      return sendKept(reply, {
        locationId,
        key: `${ANALYTICS_FORMAT};analytics;${JSON.stringify(request.query)}`,
        build: async (db) => ({ data: await service.getAnalytics(db, locationId, request.query) }),
        schema: analyticsAnswerSchema,
      });
    },
  );

  app.get(
    '/analytics/detail',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['analytics'],
        summary: 'Purchased items (section=purchase) or orders (section=order) of a time filter, 10 a page',
        querystring: analyticsDetailQuerySchema,
        response: {
          200: z.union([pagedEnvelope(analyticsDetailRowSchema), pagedEnvelope(analyticsOrderRowSchema)]),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      return request.query.section === 'order'
        ? service.listOrderDetail(readDbFor(app, request, reply), locationId, request.query)
        : service.listPurchaseDetail(readDbFor(app, request, reply), locationId, request.query);
    },
  );

  app.get(
    '/analytics/lookup',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['analytics'],
        summary: "Item lookup: the location's distributors' items matching a search and filters",
        querystring: analyticsLookupQuerySchema,
        response: { 200: pagedEnvelope(analyticsLookupItemSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      return itemLookup.listLookup(readDbFor(app, request, reply), locationId, request.query);
    },
  );

  app.get(
    '/analytics/lookup/statistics',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['analytics'],
        summary: "One item's purchase summary and price per purchase day ('Show Stats')",
        querystring: analyticsItemStatsQuerySchema,
        response: { 200: envelope(analyticsItemStatsSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      return { data: await itemLookup.getItemStats(readDbFor(app, request, reply), locationId, request.query) };
    },
  );

  app.get(
    '/analytics/lookup/last-purchased',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['analytics'],
        summary: "'Items You Have Purchased': the latest purchase of each item, newest first, 3 a page",
        querystring: analyticsLastPurchasedQuerySchema,
        response: { 200: pagedEnvelope(analyticsLastPurchasedSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      return service.listLastPurchased(readDbFor(app, request, reply), locationId, request.query.page, request.query.size);
    },
  );

  app.get(
    '/analytics/savings-suggestions',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['analytics'],
        summary: "'Savings Suggestions': bought items another distributor of the location sells cheaper, 3 a page",
        querystring: analyticsSuggestionsQuerySchema,
        response: { 200: pagedEnvelope(analyticsSuggestionSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      return suggestions.listSuggestions(readDbFor(app, request, reply), locationId, request.query.page, request.query.size);
    },
  );

  app.get(
    '/analytics/savings-lines',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['analytics'],
        summary:
          'The lines a savings figure adds up (beside the spec): item, paid and compared per-unit price, quantity, saving; `total` is their sum',
        querystring: analyticsSavingsLinesQuerySchema,
        response: { 200: analyticsSavingsLinesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return savingsLines.listSavingsLines(app.db, locationId, request.query);
    },
  );
};
