import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allowedChildSchema,
  apiErrorSchema,
  envelope,
  GUIDE_UPLOAD_MAX_BYTES,
  guideUploadSchema,
  idSchema,
  isIsoDate,
  ORDER_GUIDE_PAGE_SIZE,
  orderGuideItemSchema,
  pagedEnvelope,
  recordIdSchema,
  templateCheckSchema,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { createFileStore, resolveFilesDir } from '../../platform/documents/file-store';
import { sendCsvAttachment } from '../../platform/documents/csv-download';
import { notFound } from '../../platform/errors';
import { requireActiveLocation } from '../../platform/location-scope';
import { distributorIdField, parseFields, readDistributorUpload, readForm, requireGuideFile } from './guide-form';
import { failImportJob, runImportJob } from './guide-import.service';
import { guideReviewRoutes } from './guide-review.routes';
import { selectAllowedChildren } from './order-guides.repo';
import { priceChangesRoutes } from './price-changes.routes';
import { requestTemplate, type TemplateRequestContext } from './template-requests.service';
import { createMailer } from '../../platform/mail/mailer';
import {
  assertGuideOfLocation,
  checkForTemplate,
  getApprovedTemplates,
  getUpload,
  listGuideItems,
  ORDER_GUIDE_IMPORT_QUEUE,
  renderGuideCsv,
  uploadGuide,
  type GuideContext,
  type OrderGuideImportJob,
} from './order-guides.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema };

// A real calendar day only: a date such as 2027-02-30 would fail in the database, and years
// 0000–0099 are read differently by JavaScript (19xx) and PostgreSQL, so the effective-price
// rule and its SQL twin agree because no such end date is ever stored (docs/decisions.md).
const isoDateField = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${name} must be a date as YYYY-MM-DD.` })
    .refine(isIsoDate, { message: `${name} is not a real date.` });

const uploadFieldsSchema = z.object({
  distributor_id: distributorIdField,
  merchantIds: z
    .string({ message: 'merchantIds is required: a JSON list of location ids.' })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'merchantIds must be a JSON list of location ids.' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(z.coerce.number().int().positive().max(2_147_483_647), {
          message: 'merchantIds must be a JSON list of location ids.',
        })
        .min(1, { message: 'Choose at least one location.' })
        .max(100, { message: 'Choose at most 100 locations.' }),
    ),
  start_date: isoDateField('start_date'),
  end_date: isoDateField('end_date'),
  fastResponse: z.string().optional(),
  /** Issue 31: "1" stops after reading, so the buyer sees what was read and applies or cancels. */
  preview: z.enum(['0', '1'], { message: 'preview must be 0 or 1.' }).optional(),
});

/** Order guides of doc 3 §7: items, download, allowed children, template check and upload. */
export const orderGuidesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: GUIDE_UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 } });
  const ctx: GuideContext = { db: app.db, jobs: app.jobs, store: createFileStore(resolveFilesDir(app.config)), log: app.log };
  const requestCtx: TemplateRequestContext = {
    ...ctx,
    mailer: createMailer({ smtpUrl: app.config.SMTP_URL || undefined, log: app.log }),
    supportEmail: app.config.SUPPORT_EMAIL,
  };
  await app.jobs.define<OrderGuideImportJob>({
    name: ORDER_GUIDE_IMPORT_QUEUE,
    expireInSeconds: 900,
    // A process killed while reading a big guide: on PostgreSQL the job runs again within about a
    // minute instead of after 15 (issue 33 crash suite); PGlite retries it at start-up.
    heartbeat: { everySeconds: 5, staleAfterSeconds: 30 },
    retryDelaySeconds: 5,
    handle: (job) => runImportJob(ctx, job),
    onFailed: (job, error) => failImportJob(ctx, job, error),
  });
  // In this plugin's scope: its routes share the multipart parser registered above.
  await app.register(guideReviewRoutes, { ctx });
  await app.register(priceChangesRoutes);

  app.get(
    '/merchant/:id/allowed-children',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary: "The caller's locations an order guide can be uploaded for, from one of them (the first is the one given)",
        description: 'With distributor_id, only the locations that buy from that distributor.',
        params: z.object({ id: idSchema }),
        querystring: z.object({ distributor_id: distributorIdField.optional() }),
        response: { 200: envelope(z.array(allowedChildSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const userId = getAuth(request).userId;
      if ((await selectAllowedChildren(app.db, userId, request.params.id)).length === 0) throw notFound('Location');
      const children = await selectAllowedChildren(app.db, userId, request.params.id, request.query.distributor_id);
      return { data: children };
    },
  );

  app.get(
    '/order-guides/:id/items',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary: "A page of one of the active location's order guides (20 a page)",
        params: z.object({ id: idSchema }),
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(ORDER_GUIDE_PAGE_SIZE),
        }),
        response: { 200: pagedEnvelope(orderGuideItemSchema), ...errorResponses },
      },
    },
    async (request) =>
      listGuideItems(app.db, await requireActiveLocation(request), request.params.id, request.query.page, request.query.limit),
  );

  app.get(
    '/order-guides/:id/download',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary: 'The address of the order guide as a CSV file',
        params: z.object({ id: idSchema }),
        response: { 200: envelope(z.object({ url: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await assertGuideOfLocation(app.db, await requireActiveLocation(request), request.params.id);
      return { data: { url: `/api/v1/order-guides/${request.params.id}/order-guide.csv` } };
    },
  );

  app.get(
    '/order-guides/:id/order-guide.csv',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary: 'The order guide as CSV (din, name, brand, pack_size, unit_measure, price, is_catch_weight)',
        params: z.object({ id: idSchema }),
        produces: ['text/csv'],
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const csv = await renderGuideCsv(app.db, await requireActiveLocation(request), request.params.id);
      return sendCsvAttachment(reply, `order-guide-${request.params.id}.csv`, csv);
    },
  );

  app.post(
    '/distributor-order-guides/check-for-template',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary: 'Whether an approved template reads this order guide file (multipart: file, distributor_id)',
        response: { 200: envelope(templateCheckSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      const { distributorId, file } = await readDistributorUpload(app.db, request, locationId);
      const match = await checkForTemplate(file.bytes, file.kind, await getApprovedTemplates(app.db, distributorId, locationId));
      return { data: { found: match !== null, template: match ? { key: match.template.key, name: match.template.name } : null } };
    },
  );

  app.post(
    '/order-guides/front-upload',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary:
          'Upload an order guide for one or more locations (multipart: file, merchantIds, distributor_id, start_date, end_date)',
        description: 'Answers 202 at once; the import runs in a job. Poll GET order-guides/uploads/{id} for its progress.',
        response: { 202: envelope(guideUploadSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const form = await readForm(request);
      const input = parseFields(uploadFieldsSchema, form.fields);
      const file = requireGuideFile(form);
      const upload = await uploadGuide(ctx, {
        userId: getAuth(request).userId,
        locationId,
        distributorId: input.distributor_id,
        merchantIds: input.merchantIds,
        startDate: input.start_date,
        endDate: input.end_date,
        fileName: file.name,
        bytes: file.bytes,
        kind: file.kind,
        needsReview: input.preview === '1',
      });
      return reply.code(202).send({ data: upload });
    },
  );

  app.post(
    '/distributor-order-guides/upload-template/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary:
          'Request Template: keep a file no approved template reads and e-mail support to map it (multipart: file, merchantIds)',
        params: z.object({ id: recordIdSchema({ type: 'id must be a number.', positive: 'id must be a positive number.' }) }),
        response: { 201: envelope(z.object({ id: z.number().int(), message: z.string() })), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const form = await readForm(request);
      const input = parseFields(uploadFieldsSchema.pick({ merchantIds: true }), form.fields);
      const file = requireGuideFile(form);
      const { id } = await requestTemplate(requestCtx, {
        userId: getAuth(request).userId,
        locationId,
        distributorId: request.params.id,
        merchantIds: input.merchantIds,
        fileName: file.name,
        bytes: file.bytes,
        kind: file.kind,
      });
      return reply.code(201).send({ data: { id, message: 'Successful request' } });
    },
  );

  app.get(
    '/order-guides/uploads/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['order-guides'],
        summary: "Progress and outcome of one of the active location's order guide uploads",
        params: z.object({ id: recordIdSchema() }),
        response: { 200: envelope(guideUploadSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getUpload(app.db, await requireActiveLocation(request), request.params.id) }),
  );
};
