import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, barcodeItemSchema, barcodeLinkRequestSchema, barcodeParamsSchema, envelope } from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import * as service from './barcodes.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** Barcodes of the active location's items (issue 40): link a scanned GTIN, find an item by one. */
export const barcodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/barcodes',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['barcodes'],
        summary: "Link a GTIN-12, -13 or -14 (check digit verified) to one of the location's items",
        body: barcodeLinkRequestSchema,
        response: { 200: envelope(barcodeItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      const scope = { locationId, userId: getAuth(request).userId };
      return { data: await service.linkBarcode(app.db, scope, request.body.gtin, request.body.itemDistributorId) };
    },
  );

  app.get(
    '/barcodes/:gtin',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['barcodes'],
        summary: 'The item a scanned or typed barcode is linked to; a case code finds the item of its unit, and back',
        params: barcodeParamsSchema,
        response: { 200: envelope(barcodeItemSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await service.findBarcodeItem(app.db, locationId, request.params.gtin) };
    },
  );
};
