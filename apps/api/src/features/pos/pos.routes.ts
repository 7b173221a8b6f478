import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  assignRecipeAnswerSchema,
  assignRecipeRequestSchema,
  detectSpreadsheetKind,
  envelope,
  foodCostAnswerSchema,
  foodCostQuerySchema,
  pagedEnvelope,
  POS_FILE_TOO_LARGE,
  POS_FILE_TYPE,
  POS_IMPORT_MAX_BYTES,
  posDateRowSchema,
  posDatesQuerySchema,
  posDetailParamsSchema,
  posDetailQuerySchema,
  posDetailRowSchema,
  posImportAnswerSchema,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { readSheetRows } from '../../platform/documents/spreadsheet-reader';
import { readMultipartForm, requireUploadedFile } from '../../platform/documents/multipart-form';
import { badRequest } from '../../platform/errors';
import { requireActiveLocation } from '../../platform/location-scope';
import * as service from './pos.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['pos'];

/** The multipart field `file`, checked by content (CSV or a spreadsheet) and size, read into rows. */
async function readUpload(request: FastifyRequest): Promise<string[][]> {
  const form = await readMultipartForm(request, detectSpreadsheetKind, {
    notMultipart: 'Send the sales export as multipart/form-data in the field file.',
    tooLarge: POS_FILE_TOO_LARGE,
    wrongType: POS_FILE_TYPE,
    empty: 'The file is empty.',
  });
  const file = requireUploadedFile(form, 'Choose the sales export to import (the form field file).');
  return readSheetRows(file.bytes, file.kind).catch(() => {
    throw badRequest(POS_FILE_TYPE, 'unsupported_media_type', [{ field: 'file', message: POS_FILE_TYPE }]);
  });
}

/** Point of sale (doc 2 §7 "POS"), part of recipe costing: every route needs it enabled for the location. */
export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: POS_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const scope = async (request: FastifyRequest) => {
    const locationId = await requireActiveLocation(request);
    await service.requirePos(app.db, locationId);
    return locationId;
  };

  app.get(
    '/pos',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Days with sales, newest first, with their total sold (cents)',
        querystring: posDatesQuerySchema,
        response: { 200: pagedEnvelope(posDateRowSchema), ...errorResponses },
      },
    },
    async (request) => service.listDates(app.db, await scope(request), request.query.page, request.query.limit),
  );

  app.get(
    '/pos/detail/:date',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A day's sold menu items with their quantities, amount and recipe",
        params: posDetailParamsSchema,
        querystring: posDetailQuerySchema,
        response: { 200: pagedEnvelope(posDetailRowSchema), ...errorResponses },
      },
    },
    async (request) =>
      service.getDetail(app.db, await scope(request), request.params.date, request.query.page, request.query.limit),
  );

  app.post(
    '/pos/assign-recipe',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Assign a sold menu item (by name) to a recipe; force moves it from another recipe; recipe_id null unassigns',
        body: assignRecipeRequestSchema,
        response: { 200: envelope(assignRecipeAnswerSchema), 409: apiErrorSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await service.assignRecipe(app.db, await scope(request), request.body) }),
  );

  app.post(
    '/pos/import',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Import a Toast ItemSelectionDetails.csv or Square Items Detail CSV (multipart: file); its days replace the stored ones',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(posImportAnswerSchema), 413: apiErrorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await scope(request);
      const rows = await readUpload(request);
      return { data: await service.importSales(app.db, locationId, rows) };
    },
  );

  app.get(
    '/pos/food-cost',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Theoretical (recipes × sales) against actual (inventories and purchases) food cost for a range',
        querystring: foodCostQuerySchema,
        response: { 200: envelope(foodCostAnswerSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.getFoodCost(app.db, await scope(request), {
        bgnDate: request.query.bgn_date,
        endDate: request.query.end_date,
      }),
    }),
  );
};
