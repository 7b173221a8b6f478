import { z } from 'zod';
import { idSchema } from '../common/input.schema';
import { parseGtin, type Gtin } from './gtin.rules';

/**
 * The barcodes API's contract (issue 40): a buyer links a scanned GTIN to one of the location's
 * offers, and a later scan (or typed digits) of that code, or of the case or unit that shares its
 * lookup key, finds the offer again.
 */

/** A barcode as scanned or typed, checked and read into its parts; the message says what to fix. */
export const gtinInputSchema = z
  .string({ error: 'Enter the barcode’s digits.' })
  .max(40, { error: 'A barcode has 12, 13 or 14 digits.' })
  .transform((value, ctx): Gtin => {
    const result = parseGtin(value);
    if (result.ok) return result.gtin;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

export const barcodeLinkRequestSchema = z.object({
  gtin: gtinInputSchema,
  itemDistributorId: idSchema,
});
export type BarcodeLinkRequest = z.input<typeof barcodeLinkRequestSchema>;

export const barcodeParamsSchema = z.object({ gtin: gtinInputSchema });

/** The offer a barcode is linked to, as the scan finds it. */
export const barcodeItemSchema = z.object({
  /** The code as it was linked (12, 13 or 14 digits). */
  gtin: z.string(),
  /** The code that was looked up, when it is the case or unit sharing the linked code's key. */
  scannedGtin: z.string(),
  itemDistributorId: z.number().int(),
  itemId: z.number().int(),
  description: z.string(),
  din: z.string(),
  brand: z.string(),
  packSize: z.string(),
  distributorId: z.number().int(),
  distributor: z.string(),
});
export type BarcodeItem = z.infer<typeof barcodeItemSchema>;
