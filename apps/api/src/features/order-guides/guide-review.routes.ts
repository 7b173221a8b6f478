import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  columnMappingRequestSchema,
  envelope,
  guideUploadSchema,
  recordIdSchema,
  sheetHeaderSchema,
  templateCheckSchema,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { sendCsvAttachment } from '../../platform/documents/csv-download';
import { requireActiveLocation } from '../../platform/location-scope';
import { readFileHeader, saveColumnMapping } from './column-mapping.service';
import { readDistributorUpload } from './guide-form';
import { applyUpload, cancelUpload, renderRefusedRowsCsv } from './guide-review.service';
import type { GuideContext } from './order-guides.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema };
const uploadParams = z.object({ id: recordIdSchema() });

/**
 * Issue 31, beside doc 3 §7's order-guide calls: review an upload before it is applied (apply,
 * cancel, the refused rows as csv) and map a file's columns without a template.
 */
export const guideReviewRoutes: FastifyPluginAsyncZod<{ ctx: GuideContext }> = async (app, { ctx }) => {
  app.post(
    '/order-guides/uploads/:id/apply',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary: 'Apply an upload whose preview was reviewed (status ready): replaces the guide of its locations',
        params: uploadParams,
        response: { 200: envelope(guideUploadSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await applyUpload(ctx, await requireActiveLocation(request), request.params.id) }),
  );

  app.post(
    '/order-guides/uploads/:id/cancel',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary: 'Cancel an upload waiting for review: nothing from its file is applied',
        params: uploadParams,
        response: { 200: envelope(guideUploadSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await cancelUpload(app.db, await requireActiveLocation(request), request.params.id) }),
  );

  app.get(
    '/order-guides/uploads/:id/refused-rows.csv',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary: "An upload's refused rows as CSV (Row, Reason)",
        params: uploadParams,
        produces: ['text/csv'],
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const csv = await renderRefusedRowsCsv(app.db, await requireActiveLocation(request), request.params.id);
      return sendCsvAttachment(reply, `refused-rows-${request.params.id}.csv`, csv);
    },
  );

  app.post(
    '/distributor-order-guides/read-header',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary: "A file's header row and a few rows under it, to map its columns (multipart: file, distributor_id)",
        response: { 200: envelope(sheetHeaderSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { file } = await readDistributorUpload(app.db, request, await requireActiveLocation(request));
      return { data: await readFileHeader(file.bytes, file.kind) };
    },
  );

  app.post(
    '/distributor-order-guides/column-mapping',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary: "Save the buyer's column mapping as the location's template for the distributor",
        body: columnMappingRequestSchema,
        response: { 201: envelope(templateCheckSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const template = await saveColumnMapping(app.db, await requireActiveLocation(request), request.body);
      return reply.code(201).send({ data: { found: true, template } });
    },
  );
};
