import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  chainStockQuerySchema,
  chainStockRowSchema,
  chainSummaryQuerySchema,
  chainSummarySchema,
  chainVarianceQuerySchema,
  chainVarianceRowSchema,
  envelope,
  pagedEnvelope,
} from '@stockpot/domain';
import { z } from 'zod';
import type { Database } from '@stockpot/db';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { sendJsonText } from '../../platform/serializers';
import { XLSX_CONTENT_TYPE } from '../../platform/documents/purchase-order';
import { renderChainStockXlsx, renderChainSummaryXlsx, renderPriceVarianceXlsx } from './chain-export.service';
import * as service from './chain.service';
import { getChainStockText } from './chain-stock.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const varianceAnswerSchema = pagedEnvelope(chainVarianceRowSchema);
const summaryAnswerSchema = envelope(chainSummarySchema);
const stockAnswerSchema = pagedEnvelope(chainStockRowSchema);

/**
 * The chain view (issue 39): figures across the caller's locations (their memberships), never the
 * active location alone and never a location they do not belong to.
 */
export const chainRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chain/summary',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['chain'],
        summary: "Total purchases, orders and savings of each of the caller's locations and of the group, for a time filter",
        querystring: chainSummaryQuerySchema,
        response: { 200: summaryAnswerSchema, ...errorResponses },
      },
    },
    // Kept as sent while the membership and its versions hold (chain-kept-texts).
    async (request, reply) => {
      const text = await service.getChainSummaryText(app.db, getAuth(request).userId, request.query);
      return sendJsonText(reply, text, summaryAnswerSchema, app.config.NODE_ENV !== 'production');
    },
  );

  app.get(
    '/chain/price-variance',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['chain'],
        summary:
          "Items the caller's locations bought at different prices: lowest and highest, by whom, and the saving at the lowest",
        querystring: chainVarianceQuerySchema,
        response: { 200: varianceAnswerSchema, ...errorResponses },
      },
    },
    // Kept as sent (chain.service getPriceVarianceText).
    async (request, reply) => {
      const text = await service.getPriceVarianceText(app.db, getAuth(request).userId, request.query);
      return sendJsonText(reply, text, varianceAnswerSchema, app.config.NODE_ENV !== 'production');
    },
  );

  app.get(
    '/chain/stock',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['chain'],
        summary:
          "Generic inventory groups two or more of the caller's locations share by name, a page by name: on-hand value and below par per location",
        querystring: chainStockQuerySchema,
        response: { 200: stockAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const text = await getChainStockText(app.db, getAuth(request).userId, request.query);
      return sendJsonText(reply, text, stockAnswerSchema, app.config.NODE_ENV !== 'production');
    },
  );

  // The two tables as xlsx for the group's accountant (issue 39 "Export"), same time filter.
  const renderStock = (db: Database, userId: number) => renderChainStockXlsx(db, userId);
  const sheets = [
    { path: '/chain/summary.xlsx', file: 'chain-locations.xlsx', render: renderChainSummaryXlsx, what: 'The locations table' },
    {
      path: '/chain/price-variance.xlsx',
      file: 'chain-price-variance.xlsx',
      render: renderPriceVarianceXlsx,
      what: 'The price variance',
    },
    // Today's stock: the time filter is accepted (one query schema for the three) and not used.
    { path: '/chain/stock.xlsx', file: 'chain-stock.xlsx', render: renderStock, what: 'Stock across locations' },
  ];
  for (const sheet of sheets) {
    app.get(
      sheet.path,
      {
        preHandler: requireAuth,
        schema: {
          tags: ['chain'],
          summary: `${sheet.what} of the caller's locations as Excel`,
          querystring: chainSummaryQuerySchema,
          produces: [XLSX_CONTENT_TYPE],
          response: { 200: z.any(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const file = await sheet.render(app.db, getAuth(request).userId, request.query);
        return reply
          .header('Content-Type', XLSX_CONTENT_TYPE)
          .header('Content-Disposition', `attachment; filename="${sheet.file}"`)
          .header('Cache-Control', 'private, no-store')
          .send(file);
      },
    );
  }
};
