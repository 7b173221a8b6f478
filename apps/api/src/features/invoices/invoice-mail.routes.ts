import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, envelope, formatInvoiceAddress, invoiceAddressSchema } from '@stockpot/domain';
import { notFound } from '../../platform/errors';
import { requireActiveLocation } from '../../platform/location-scope';
import { selectMailToken } from './invoices.repo';

/** GET /invoices/address (issue 36): the active location's invoice e-mail address, or null when this server takes no mail. */
export function registerInvoiceMailRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/invoices/address',
    {
      schema: {
        tags: ['invoices'],
        summary: "The active location's address for invoices by e-mail",
        description:
          'invoices+<token>@INBOUND_MAIL_DOMAIN, where the token is random per location; null when the server has no inbound mail listener (INBOUND_SMTP_PORT unset).',
        response: { 200: envelope(invoiceAddressSchema), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const locationId = await requireActiveLocation(request);
      const { INBOUND_SMTP_PORT, INBOUND_MAIL_DOMAIN } = app.config;
      if (INBOUND_SMTP_PORT === undefined || !INBOUND_MAIL_DOMAIN) return { data: { address: null } };
      const token = await selectMailToken(app.db, locationId);
      if (!token) throw notFound('Location');
      return { data: { address: formatInvoiceAddress(token, INBOUND_MAIL_DOMAIN) } };
    },
  );
}
