import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, envelope, idSchema, invoiceAttachSchema, invoiceImportResultSchema } from '@stockpot/domain';
import { requireAuth } from '../../platform/auth-guard';
import { requireActiveLocation } from '../../platform/location-scope';
import { attachInvoiceToOrder } from './invoice-attach.service';

/** POST /invoices/{id}/attach (issue 36): an invoice matched to no order given its order by a person. */
export function registerInvoiceAttach(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/invoices/:id/attach',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['invoices'],
        summary: 'Attach an invoice matched to no order to one of the active location’s orders',
        description:
          "The order must be of the active location and of the invoice's distributor, and not cancelled. Its lines are then matched by item number, else UPC, and the order received electronically as invoiced, in one transaction. Answers like POST invoices/import (matchedBy attached).",
        params: z.object({ id: idSchema }),
        body: invoiceAttachSchema,
        response: { 200: envelope(invoiceImportResultSchema), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      return { data: await attachInvoiceToOrder(app.db, locationId, request.params.id, request.body.orderId) };
    },
  );
}
