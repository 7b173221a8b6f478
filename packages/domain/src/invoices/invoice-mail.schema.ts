import { z } from 'zod';

/** GET /invoices/address (issue 36): the active location's invoice e-mail address, null when inbound mail is off. */
export const invoiceAddressSchema = z.object({
  address: z.string().nullable(),
});
export type InvoiceAddress = z.infer<typeof invoiceAddressSchema>;
