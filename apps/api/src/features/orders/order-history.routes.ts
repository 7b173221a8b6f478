import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  envelope,
  idSchema,
  orderHistoryRowSchema,
  orderQuerySchema,
  ordersQuerySchema,
  orderSummarySchema,
  orderHistoryDownloadSchema,
  orderInventoryItemSchema,
  pagedEnvelope,
  invoiceLinesRequestSchema,
  reconciliationSchema,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { sendCsvAttachment } from '../../platform/documents/csv-download';
import { answerFormat, sendKept } from '../../platform/kept-reads';
import { requireActiveLocation } from '../../platform/location-scope';
import { XLSX_CONTENT_TYPE } from '../../platform/documents/purchase-order';
import { assertAccountingEnabled, getOrder365Url, renderOrder365Csv } from './order-365';
import { closeCredit, getReconciliation, saveInvoiceLines } from './reconciliation.service';
import { getOrderInventoryItems } from './order-inventory.service';
import { getOrderSummary, listOrderHistory, ORDER_HISTORY_FILE_URL, renderOrderHistoryXlsx } from './order-history.service';
import { readDbFor } from '../../platform/db-replica';

const orderHistoryPageSchema = pagedEnvelope(orderHistoryRowSchema);
const ORDER_HISTORY_FORMAT = answerFormat(1, [orderHistoryPageSchema]);

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** Order history reads (doc 3 §7 "Orders": GET /orders, GET /orders/{id}?expand=items). */
export const orderHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: "The active location's orders, newest first (24 a page)",
        querystring: ordersQuerySchema,
        response: { 200: orderHistoryPageSchema, ...errorResponses },
      },
      config: { locationContext: true },
    },
    // A kept read (platform/kept-reads.ts) on the primary: orders, their distributors and the
    // location's time zone change when someone writes them, and those writes mark
    // the location (migration 0060). A replica's answer is built there, as before.
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const { page, limit } = request.query;
      const db = readDbFor(app, request, reply);
      if (db !== app.db) return listOrderHistory(db, locationId, page, limit);
      return sendKept(reply, {
        locationId,
        key: `${ORDER_HISTORY_FORMAT};orders;page=${page};limit=${limit}`,
        build: (tx) => listOrderHistory(tx, locationId, page, limit),
        schema: orderHistoryPageSchema,
      });
    },
  );

  app.get(
    '/orders/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'One order of the active location; expand=items adds its lines',
        params: z.object({ id: idSchema }),
        querystring: orderQuerySchema,
        response: { 200: envelope(orderSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      const withItems = (request.query.expand ?? '').split(',').includes('items');
      return { data: await getOrderSummary(app.db, locationId, request.params.id, withItems) };
    },
  );

  app.get(
    '/orders/download-order-history',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'Where to download the order history of the active location (an authenticated Excel file)',
        response: { 200: envelope(orderHistoryDownloadSchema), ...errorResponses },
      },
    },
    async (request) => {
      await requireActiveLocation(request);
      return { data: { orderHistoryUrl: ORDER_HISTORY_FILE_URL } };
    },
  );

  app.get(
    '/orders/order-history.xlsx',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: "The active location's order history as Excel",
        produces: [XLSX_CONTENT_TYPE],
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const file = await renderOrderHistoryXlsx(app.db, locationId);
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', 'attachment; filename="order-history.xlsx"')
        .header('Cache-Control', 'private, no-store')
        .send(file);
    },
  );

  app.get(
    '/orders/:id/download-order-365',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'Where to download the order in the restaurant accounting (Restaurant365) format; needs display_accounting',
        params: z.object({ id: idSchema }),
        response: { 200: envelope(z.object({ order365Url: z.string() })), 403: apiErrorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      await getOrderSummary(app.db, locationId, request.params.id, false);
      await assertAccountingEnabled(app.db, locationId);
      return { data: { order365Url: getOrder365Url(request.params.id) } };
    },
  );

  app.get(
    '/orders/:id/order-365.csv',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'The order as a Restaurant365 AP invoice import (CSV); needs display_accounting',
        params: z.object({ id: idSchema }),
        produces: ['text/csv'],
        response: { 200: z.any(), 403: apiErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const csv = await renderOrder365Csv(app.db, locationId, request.params.id);
      await assertAccountingEnabled(app.db, locationId);
      return sendCsvAttachment(reply, `order-${request.params.id}-r365.csv`, csv);
    },
  );

  app.get(
    '/orders/:id/inventory-items',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: "Where the order's items stand in the location's inventory lists (par level, on hand, on hand value)",
        params: z.object({ id: idSchema }),
        response: { 200: envelope(z.array(orderInventoryItemSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await getOrderInventoryItems(app.db, locationId, request.params.id) };
    },
  );

  app.get(
    '/orders/:id/reconciliation',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'Ordered vs received vs invoiced per line, with the credit owed and its status',
        params: z.object({ id: idSchema }),
        response: { 200: envelope(reconciliationSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await getReconciliation(app.db, locationId, request.params.id) };
    },
  );

  app.patch(
    '/orders/:id/reconciliation',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: "Save the distributor's invoice lines (quantity and price in cents) of a received order",
        params: z.object({ id: idSchema }),
        body: invoiceLinesRequestSchema,
        response: { 200: envelope(reconciliationSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await saveInvoiceLines(app.db, locationId, request.params.id, request.body) };
    },
  );

  app.post(
    '/orders/:id/reconciliation/close-credit',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: "Mark the order's credit settled (closed)",
        params: z.object({ id: idSchema }),
        response: { 200: envelope(reconciliationSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await closeCredit(app.db, locationId, request.params.id) };
    },
  );
};
