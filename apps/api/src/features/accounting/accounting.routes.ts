import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNTING_MESSAGES,
  ACCOUNTING_UPLOAD_MAX_BYTES,
  accountingCategorySchema,
  accountingCodeBodySchema,
  accountingDistributorSchema,
  accountingDistributorsQuerySchema,
  accountingGlCodeSchema,
  accountingListQuerySchema,
  accountingNameBodySchema,
  accountingSupplierSchema,
  accountingTagBodySchema,
  accountingTagSchema,
  apiErrorSchema,
  bulkUploadResultSchema,
  detectAccountingSpreadsheetKind,
  envelope,
  idSchema,
  payableTermsBodySchema,
  quickbooksQuerySchema,
  type AccountingSpreadsheetKind,
} from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { readMultipartForm, requireUploadedFile } from '../../platform/documents/multipart-form';
import { sendKept } from '../../platform/kept-reads';
import { requireActiveLocation } from '../../platform/location-scope';
import { XLSX_CONTENT_TYPE } from '../../platform/documents/purchase-order';
import type { TagKind } from './accounting-tags.repo';
import { applyBulkUpload, renderTemplateXlsx } from './accounting-bulk-upload.service';
import { listAccountingDistributors, setPayableTerms } from './accounting-distributors.service';
import { accountingPageKey, accountingPageSchema, assertAccounting, listAccountingItems } from './accounting-items.service';
import { createTag, listTags, setItemTag } from './accounting-tags.service';
import { getQuickbooksFileUrl, renderQuickbooksFile } from './quickbooks-export.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const TAGS = ['accounting'];

/** The multipart form's one file, checked by size and content (doc 3 §5). */
async function readUploadFile(request: FastifyRequest): Promise<{ bytes: Buffer; kind: AccountingSpreadsheetKind }> {
  const form = await readMultipartForm(request, detectAccountingSpreadsheetKind, {
    notMultipart: 'Send the file as multipart/form-data in the field "file".',
    tooLarge: ACCOUNTING_MESSAGES.fileSize,
    wrongType: ACCOUNTING_MESSAGES.fileType,
  });
  return requireUploadedFile(form, 'Choose a file to upload (the field "file").');
}

/** Accounting of doc 3 §7: listings, tags, payable terms, bulk upload and the QuickBooks export; all need display_accounting. */
export const accountingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: ACCOUNTING_UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000 } });

  /** The caller's active location, where accounting is on. */
  const accountingLocation = async (request: FastifyRequest) => {
    const locationId = await requireActiveLocation(request);
    await assertAccounting(app.db, locationId);
    return locationId;
  };

  app.get(
    '/merchant-accounting',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: "The active location's items with their accounting tags (paged; default sort Most Purchased)",
        querystring: accountingListQuerySchema,
        response: { 200: accountingPageSchema, ...errorResponses },
      },
      config: { locationContext: true },
    },
    // A kept read (platform/kept-reads.ts): the items, their offers, prices and tags change when
    // someone writes them, and those writes mark the location (migrations 0059, 0060).
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      return sendKept(reply, {
        locationId,
        key: accountingPageKey(request.query),
        build: async (db) => {
          await assertAccounting(db, locationId);
          return listAccountingItems(db, locationId, request.query.filterOptions, request.query.page);
        },
        schema: accountingPageSchema,
      });
    },
  );

  app.get(
    '/merchant-accounting/get-distributors',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: "The active location's distributors with their payable terms (days)",
        querystring: accountingDistributorsQuerySchema,
        response: { 200: envelope(z.array(accountingDistributorSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await accountingLocation(request);
      return { data: await listAccountingDistributors(app.db, locationId, request.query.search) };
    },
  );

  app.patch(
    '/merchant-accounting/:id/update-payable-terms',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: "Sets a distributor's payable terms in days (a non-zero whole number, at most 365)",
        params: z.object({ id: idSchema }),
        body: payableTermsBodySchema,
        response: { 200: envelope(accountingDistributorSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await accountingLocation(request);
      return { data: await setPayableTerms(app.db, locationId, request.params.id, request.body.terms) };
    },
  );

  const tagLists: { path: string; kind: TagKind; field: 'name' | 'code'; schema: z.ZodType; label: string }[] = [
    {
      path: '/merchant-accounting-supplier',
      kind: 'supplier',
      field: 'name',
      schema: accountingSupplierSchema,
      label: 'suppliers',
    },
    {
      path: '/merchant-accounting-category',
      kind: 'category',
      field: 'name',
      schema: accountingCategorySchema,
      label: 'categories',
    },
    { path: '/merchant-accounting-gl-code', kind: 'glCode', field: 'code', schema: accountingGlCodeSchema, label: 'GL codes' },
  ];
  for (const list of tagLists) {
    app.get(
      list.path,
      {
        preHandler: requireAuth,
        schema: {
          tags: TAGS,
          summary: `The active location's accounting ${list.label}`,
          response: { 200: envelope(z.array(list.schema)), ...errorResponses },
        },
      },
      async (request) => {
        const locationId = await accountingLocation(request);
        const rows = await listTags(app.db, locationId, list.kind);
        return { data: rows.map((row) => (list.field === 'code' ? { id: row.id, code: row.name } : row)) };
      },
    );
    app.post(
      list.path,
      {
        preHandler: requireAuth,
        schema: {
          tags: TAGS,
          summary: `Creates one of the ${list.label} (a blank value is refused; a case-insensitive duplicate answers the existing one with 200)`,
          body: list.field === 'code' ? accountingCodeBodySchema : accountingNameBodySchema,
          response: { 200: envelope(list.schema), 201: envelope(list.schema), ...errorResponses },
        },
      },
      async (request, reply) => {
        const locationId = await accountingLocation(request);
        const typed = (request.body as { name?: string; code?: string })[list.field] ?? '';
        const { entry, isCreated } = await createTag(app.db, locationId, list.kind, typed);
        return reply
          .code(isCreated ? 201 : 200)
          .send({ data: list.field === 'code' ? { id: entry.id, code: entry.name } : entry });
      },
    );
  }

  app.post(
    '/merchant-accounting',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: 'Sets one accounting tag of an item (supplier, category or GL code; null clears it)',
        body: accountingTagBodySchema,
        response: { 200: envelope(accountingTagSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await accountingLocation(request);
      return { data: await setItemTag(app.db, locationId, request.body) };
    },
  );

  app.patch(
    '/merchant-accounting/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: "Changes one accounting tag of an item's accounting record",
        params: z.object({ id: idSchema }),
        body: accountingTagBodySchema,
        response: { 200: envelope(accountingTagSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await accountingLocation(request);
      return { data: await setItemTag(app.db, locationId, request.body, request.params.id) };
    },
  );

  app.get(
    '/merchant-accounting/download-template',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: 'The bulk-upload template (xlsx): every item of the active location with its tags',
        produces: [XLSX_CONTENT_TYPE],
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await accountingLocation(request);
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', 'attachment; filename="accounting-template.xlsx"')
        .header('Cache-Control', 'private, no-store')
        .send(await renderTemplateXlsx(app.db, locationId));
    },
  );

  app.post(
    '/merchant-accounting/upload',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary:
          'Bulk upload of accounting tags (multipart field file: csv, xls, xlsx or ods, at most 24,000,000 bytes); all rows or none',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(bulkUploadResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await accountingLocation(request);
      const file = await readUploadFile(request);
      return { data: await applyBulkUpload(app.db, locationId, file) };
    },
  );

  app.get(
    '/orders/download-order-quickbooks',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: 'Where to download the bills of a date range for QuickBooks (format iif: Desktop IIF; qbo: Online CSV)',
        querystring: quickbooksQuerySchema,
        response: { 200: envelope(z.string()), ...errorResponses },
      },
    },
    async (request) => {
      await accountingLocation(request);
      return { data: getQuickbooksFileUrl(request.query) };
    },
  );

  app.get(
    '/orders/quickbooks-bills',
    {
      preHandler: requireAuth,
      schema: {
        tags: TAGS,
        summary: "The active location's bills of a date range as a QuickBooks file",
        querystring: quickbooksQuerySchema,
        produces: ['text/plain', 'text/csv'],
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await accountingLocation(request);
      const file = await renderQuickbooksFile(app.db, locationId, request.query);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.body);
    },
  );
};
