import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  envelope,
  humanErrorMap,
  INVOICE_IMPORT_MAX_BYTES,
  invoiceImportFieldsSchema,
  invoiceImportResultSchema,
  invoicesWaitingSchema,
  idSchema,
  waitingPhotoDismissedSchema,
} from '@stockpot/domain';
import { z } from 'zod';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { requireUploadedFile } from '../../platform/documents/multipart-form';
import { requireActiveLocation } from '../../platform/location-scope';
import { readInvoiceUpload } from './invoice-file';
import { InputValidationError } from '../../platform/validation';
import { registerInvoiceAttach } from './invoice-attach.routes';
import { registerInvoiceBatches } from './invoice-batch.routes';
import { importInvoice } from './invoice-import.service';
import { registerInvoiceMailRoutes } from './invoice-mail.routes';
import { registerInvoiceOcr } from './invoice-ocr.routes';
import { dismissWaitingPhoto, listWaitingInvoices } from './invoice-waiting.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema };

/** Invoices in (issue 36): an electronic invoice (X12 810) or an invoice file (CSV, xlsx) imported against an order. */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerInvoiceMailRoutes(app);
  registerInvoiceAttach(app);
  await registerInvoiceOcr(app);
  await app.register(multipart, { limits: { fileSize: INVOICE_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1_000 } });
  await registerInvoiceBatches(app);

  app.get(
    '/invoices/waiting',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['invoices'],
        summary:
          'What is still waiting at the active location: invoices without their paper copy, photos without their electronic copy, invoices with no order',
        description:
          'An electronic invoice and a photo or PDF of the same invoice (same distributor and invoice number, else same total and date) are one invoice and wait no longer. Newest first, 50 of each kind; counts say how many in all. Money in cents.',
        response: { 200: envelope(invoicesWaitingSchema), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await listWaitingInvoices(app.db, await requireActiveLocation(request)) }),
  );

  app.post(
    '/invoices/waiting/photos/:imageId/dismiss',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['invoices'],
        summary: 'Take a photo or PDF off the waiting list: not an invoice we expect an electronic copy for',
        description:
          'The photo (by its image id, as GET invoices/waiting lists it) must be of the active location and not joined to an electronic invoice (else 404). It is kept, and still joins its electronic copy should one arrive; it only stops waiting. Dismissing again answers the first dismissal.',
        params: z.object({ imageId: idSchema }),
        response: { 200: envelope(waitingPhotoDismissedSchema), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await dismissWaitingPhoto(app.db, { locationId, userId: getAuth(request).userId }, request.params.imageId) };
    },
  );

  app.post(
    '/invoices/import',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['invoices'],
        summary: "Import a distributor's invoice (multipart field file: X12 810, CSV or xlsx, checked by content)",
        description:
          "Matched to an order of the active location by its PO number, else by distributor_id (optional form field) and date. The order is received electronically as invoiced and each billed item's electronic-invoice price recorded, in one transaction; the same distributor's invoice number imported again changes nothing (alreadyImported). An invoice that fits no order is kept all the same when its distributor is known (orderId null, noOrderReason says why; listed by GET invoices/waiting as no-order, attach it with POST invoices/{id}/attach); without a distributor_id or a PO number of ours it is refused (400 invoice_order_not_found).",
        consumes: ['multipart/form-data'],
        response: { 200: envelope(invoiceImportResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      const form = await readInvoiceUpload(request);
      const fields = invoiceImportFieldsSchema.safeParse(form.fields, { error: humanErrorMap });
      if (!fields.success)
        throw new InputValidationError(
          fields.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'request', message: issue.message })),
        );
      const file = requireUploadedFile(form, 'Choose an invoice file to import.');
      const result = await importInvoice(
        app.db,
        { locationId, userId: getAuth(request).userId },
        { fileName: file.name, bytes: file.bytes, kind: file.kind, distributorId: fields.data.distributor_id },
      );
      return { data: result };
    },
  );
};
