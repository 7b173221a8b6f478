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
import { checkUploadedArchive } from '../../platform/documents/zip-guard';
import { badRequest } from '../../platform/errors';
import { requireActiveLocation } from '../../platform/location-scope';
import { requireRecipeCosting } from '../recipes/recipes.service';
import * as service from './pos.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['pos'];

const fileError = (message: string, code: 'payload_too_large' | 'unsupported_media_type' | 'validation_error') =>
  badRequest(message, code, [{ field: 'file', message }]);

/** The multipart field `file`, checked by content (CSV or a spreadsheet) and size, read into rows. */
async function readUpload(request: FastifyRequest): Promise<string[][]> {
  if (!request.isMultipart())
    throw fileError('Send the sales export as multipart/form-data in the field file.', 'validation_error');
  let rows: string[][] | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(POS_FILE_TOO_LARGE, 'payload_too_large');
      throw error;
    });
    if (part.fieldname !== 'file') continue;
    if (bytes.length === 0) throw fileError('The file is empty.', 'validation_error');
    const kind = detectSpreadsheetKind(bytes);
    if (!kind) throw fileError(POS_FILE_TYPE, 'unsupported_media_type');
    // An .xlsx is a zip: its parts are checked before any reader inflates them (no zip bombs).
    const zipProblem = checkUploadedArchive(bytes);
    if (zipProblem === 'too-large') throw fileError(POS_FILE_TOO_LARGE, 'payload_too_large');
    if (zipProblem === 'not-a-zip') throw fileError(POS_FILE_TYPE, 'unsupported_media_type');
    rows = await readSheetRows(bytes, kind).catch(() => {
      throw fileError(POS_FILE_TYPE, 'unsupported_media_type');
    });
  }
  if (!rows) throw fileError('Choose the sales export to import (the form field file).', 'validation_error');
  return rows;
}

/** Point of sale (doc 2 §7 "POS"), part of recipe costing: every route needs it enabled for the location. */
export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: POS_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const scope = async (request: FastifyRequest) => {
    const locationId = await requireActiveLocation(request);
    await requireRecipeCosting(app.db, locationId);
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
