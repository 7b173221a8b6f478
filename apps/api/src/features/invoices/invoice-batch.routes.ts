import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  envelope,
  idSchema,
  INVOICE_BATCH_MAX_FILES,
  invoiceBatchCreateSchema,
  invoiceBatchFileAcceptedSchema,
  invoiceBatchSchema,
  summarizeInvoiceBatch,
} from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireUploadedFile } from '../../platform/documents/multipart-form';
import { badRequest, notFound } from '../../platform/errors';
import { requireActiveLocation } from '../../platform/location-scope';
import { readInvoiceUpload } from './invoice-file';
import * as repo from './invoice-batch.repo';
import {
  enqueueInvoiceImport,
  failInvoiceImportJob,
  INVOICE_IMPORT_QUEUE,
  runInvoiceImportJob,
  type InvoiceImportJob,
} from './invoice-batch.job';
import * as invoicesRepo from './invoices.repo';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };

/** Several hundred invoices at once (issue 36): a batch of files, each imported by its own job, with progress. */
export async function registerInvoiceBatches(app: FastifyInstance): Promise<void> {
  await app.jobs.define<InvoiceImportJob>({
    name: INVOICE_IMPORT_QUEUE,
    // One invoice is a few statements; a minute is far beyond any file the 24 MB limit lets in.
    expireInSeconds: 120,
    retryDelaySeconds: 5,
    handle: async (job) => {
      await runInvoiceImportJob(app.db, app.log, job);
      // pg-boss waits a poll interval after each job unless woken: a batch's next file starts now.
      app.jobs.wake(INVOICE_IMPORT_QUEUE);
    },
    onFailed: (job, error) => failInvoiceImportJob(app.db, app.log, job, error),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/invoices/import-batches',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['invoices'],
        summary: 'Open a batch of invoice files, each then imported by its own background job',
        description:
          'For several hundred invoices at once: add each file with POST invoices/import-batches/{id}/files (answered at once, imported in the background, one transaction per invoice, idempotent by distributor and invoice number), follow GET invoices/import-batches/{id}.',
        body: invoiceBatchCreateSchema,
        response: { 201: envelope(invoiceBatchSchema), ...errors },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const distributorId = request.body.distributorId ?? null;
      if (distributorId !== null && !(await invoicesRepo.hasDistributorAccount(app.db, locationId, distributorId)))
        throw notFound('Distributor');
      const id = await repo.insertBatch(app.db, { locationId, distributorId, createdBy: getAuth(request).userId });
      return reply.code(201).send({ data: summarizeInvoiceBatch(id, []) });
    },
  );

  routes.post(
    '/invoices/import-batches/:id/files',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['invoices'],
        summary: 'Add one invoice file (multipart field file: X12 810, CSV or xlsx) to a batch; it is imported in the background',
        params: z.object({ id: idSchema }),
        consumes: ['multipart/form-data'],
        response: { 202: envelope(invoiceBatchFileAcceptedSchema), ...errors },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const batch = await repo.findBatch(app.db, locationId, request.params.id);
      if (!batch) throw notFound('Invoice batch');
      if (batch.fileCount >= INVOICE_BATCH_MAX_FILES)
        throw badRequest(`A batch holds ${INVOICE_BATCH_MAX_FILES} invoices at most: start another batch for the rest.`);
      const form = await readInvoiceUpload(request);
      const file = requireUploadedFile(form, 'Choose an invoice file to import.');
      const fileName = file.name.slice(0, 255);
      const id = await app.db.transaction(async (tx) => {
        const inserted = await repo.insertFile(tx, {
          locationId,
          batchId: batch.id,
          fileName,
          kind: file.kind,
          content: file.bytes,
        });
        await enqueueInvoiceImport(app.jobs, tx, { locationId, fileId: inserted });
        return inserted;
      });
      app.jobs.wake(INVOICE_IMPORT_QUEUE);
      return reply.code(202).send({ data: { id, fileName, status: 'queued' as const } });
    },
  );

  routes.get(
    '/invoices/import-batches/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['invoices'],
        summary: "A batch's progress: how many files are queued, imported, already imported or failed, and each file's outcome",
        params: z.object({ id: idSchema }),
        response: { 200: envelope(invoiceBatchSchema), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      const batch = await repo.findBatch(app.db, locationId, request.params.id);
      if (!batch) throw notFound('Invoice batch');
      return { data: summarizeInvoiceBatch(batch.id, await repo.selectBatchFiles(app.db, locationId, batch.id)) };
    },
  );
}
