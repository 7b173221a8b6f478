import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope, idSchema, INVOICE_FILE_MAX_BYTES, invoiceImageSchema } from '@stockpot/domain';
import { getAuth, requireAuth } from '../../platform/auth-guard';
import { createFileStore, resolveFilesDir } from '../../platform/documents/file-store';
import { badRequest } from '../../platform/errors';
import { requireActiveLocation } from '../../platform/location-scope';
import { enqueueInvoiceOcr, INVOICE_OCR_QUEUE } from '../invoices/invoices.public';
import {
  addInvoiceImage,
  deleteInvoiceImage,
  INVOICE_SIZE_MESSAGE,
  listInvoiceImages,
  readInvoiceImage,
} from './invoice-images.service';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const idParams = z.object({ id: idSchema });
const imageParams = z.object({ id: idSchema, imageId: idSchema });

/** Invoice photos and files of an order (doc 3 §2.5 upload-invoice, §7 invoices-images). */
export const invoiceImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = createFileStore(resolveFilesDir(app.config));
  // One file a request; a byte over the limit stops reading (the check that counts is on the bytes read).
  await app.register(multipart, { limits: { fileSize: INVOICE_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get(
    '/orders/:id/invoices-images',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: "The invoice photos and files of one of the active location's orders",
        params: idParams,
        response: { 200: envelope(z.array(invoiceImageSchema)), ...errorResponses },
      },
    },
    async (request) => ({
      data: await listInvoiceImages(app.db, await requireActiveLocation(request), request.params.id),
    }),
  );

  app.post(
    '/orders/:id/invoices-images',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'Upload an invoice photo or file (multipart field image: JPEG, PNG or PDF, checked by content)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: envelope(invoiceImageSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      if (!request.isMultipart()) throw badRequest('Send the invoice as multipart/form-data with the file in the field image.');
      const part = await request.file();
      if (!part || part.fieldname !== 'image') throw badRequest('Attach the invoice file in the field image.');
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError)
          throw badRequest(INVOICE_SIZE_MESSAGE, 'payload_too_large');
        throw error;
      }
      const image = await addInvoiceImage(
        app.db,
        store,
        { locationId, userId: getAuth(request).userId },
        request.params.id,
        { fileName: part.filename, data },
        (tx, inserted) => enqueueInvoiceOcr(app.jobs, tx, { locationId, orderId: inserted.orderId, imageId: inserted.id }),
      );
      app.jobs.wake(INVOICE_OCR_QUEUE);
      return reply.code(201).send({ data: image });
    },
  );

  app.delete(
    '/orders/:id/invoices-images/:imageId',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: 'Delete an invoice photo or file',
        params: imageParams,
        response: { 200: envelope(z.object({ deleted: z.literal(true) })), ...errorResponses },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      await deleteInvoiceImage(app.db, store, locationId, request.params.id, request.params.imageId);
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    '/orders/:id/invoices-images/:imageId/file',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['orders'],
        summary: "The bytes of an invoice photo or file, only to the order's location",
        params: imageParams,
        produces: ['image/jpeg', 'image/png', 'application/pdf'],
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const locationId = await requireActiveLocation(request);
      const file = await readInvoiceImage(app.db, store, locationId, request.params.id, request.params.imageId);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.data);
    },
  );
};
