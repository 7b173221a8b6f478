import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope, idSchema, invoiceSuggestionsSchema } from '@stockpot/domain';
import { createFileStore, resolveFilesDir } from '../../platform/documents/file-store';
import { requireActiveLocation } from '../../platform/location-scope';
import { createOcrEngine } from './invoice-ocr.engine';
import {
  failInvoiceOcrJob,
  INVOICE_OCR_QUEUE,
  runInvoiceOcrJob,
  type InvoiceOcrJob,
  type OcrJobContext,
} from './invoice-ocr.job';
import { getInvoiceSuggestions } from './invoice-ocr.service';

/** Invoice OCR (issue 36): the reading job, and GET orders/{id}/invoice-suggestions. */
export async function registerInvoiceOcr(app: FastifyInstance): Promise<void> {
  const ctx: OcrJobContext = {
    db: app.db,
    store: createFileStore(resolveFilesDir(app.config)),
    engine: createOcrEngine(),
    log: app.log,
  };
  await app.jobs.define<InvoiceOcrJob>({
    name: INVOICE_OCR_QUEUE,
    // A three-page PDF on a busy two-core machine reads in well under a minute; ten is the safe ceiling.
    expireInSeconds: 600,
    heartbeat: { everySeconds: 5, staleAfterSeconds: 60 },
    retryDelaySeconds: 5,
    handle: (job) => runInvoiceOcrJob(ctx, job),
    onFailed: (job, error) => failInvoiceOcrJob(ctx, job, error),
  });
  // The queue's workers stop on the app's own onClose (register-jobs); Tesseract's thread goes with them.
  app.addHook('onClose', () => ctx.engine.close());

  app.withTypeProvider<ZodTypeProvider>().get(
    '/orders/:id/invoice-suggestions',
    {
      schema: {
        tags: ['invoices'],
        summary: "What OCR read on the latest invoice photo or PDF of one of the active location's orders",
        description:
          'status none (no file read), pending (reading; progress 0..100), done (invoiceNumber, invoiceDate, total in cents and the lines matched to the order, each null or empty when not found; isEmpty when nothing was found) or failed. Suggestions only: nothing is applied until the receiver confirms it.',
        params: z.object({ id: idSchema }),
        response: { 200: envelope(invoiceSuggestionsSchema), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await getInvoiceSuggestions(app.db, await requireActiveLocation(request), request.params.id),
    }),
  );
}
