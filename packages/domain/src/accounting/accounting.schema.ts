import { z } from 'zod';
import { idSchema, recordIdSchema, safeTextSchema, wholeNumberSchema } from '../common/input.schema';

/** doc 3 §2.8 / §9: items a page of the accounting list (the spec does not give it; docs/decisions.md). */
export const ACCOUNTING_PAGE_SIZE = 30;
/** Longest supplier or category name and GL code kept. */
export const ACCOUNTING_NAME_MAX = 100;

/** doc 3 §3 "Accounting item". */
export const accountingItemSchema = z.object({
  id: z.number().int().nullable(),
  accountingId: z.number().int().nullable(),
  itemDistributorId: z.number().int(),
  name: z.string(),
  description: z.string(),
  din: z.string(),
  brand: z.string(),
  distributor: z.string(),
  price: z.number(),
  unitMeasure: z.string(),
  packSize: z.string(),
  packSizeUom: z.string(),
  isCatchWeight: z.boolean(),
  isFixedWeight: z.boolean(),
  isMarketPrice: z.boolean(),
  unitPrice: z.number(),
  accountingSupplier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  accountingCategory: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  accountingCode: z.object({ id: z.number().int(), code: z.string() }).nullable(),
});
export type AccountingItem = z.infer<typeof accountingItemSchema>;

/** doc 3 §3 "Accounting distributor": payable terms in days. */
export const accountingDistributorSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  payableTerms: z.number().int(),
});
export type AccountingDistributor = z.infer<typeof accountingDistributorSchema>;

export const accountingSupplierSchema = z.object({ id: z.number().int(), name: z.string() });
export const accountingCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export const accountingGlCodeSchema = z.object({ id: z.number().int(), code: z.string() });
export type AccountingSupplier = z.infer<typeof accountingSupplierSchema>;
export type AccountingCategory = z.infer<typeof accountingCategorySchema>;
export type AccountingGlCode = z.infer<typeof accountingGlCodeSchema>;

export const ACCOUNTING_SORTS = ['most_purchased', 'name', 'distributor'] as const;
export type AccountingSort = (typeof ACCOUNTING_SORTS)[number];

/** filterOptions of GET merchant-accounting (doc 3 §2.8: default sort Most Purchased, product ALL). */
export const accountingFilterOptionsSchema = z
  .object({
    search: safeTextSchema({ max: 200 }).optional().default(''),
    sort: z
      .enum(ACCOUNTING_SORTS, { error: 'sort must be one of most_purchased, name or distributor.' })
      .optional()
      .default('most_purchased'),
    product: z.literal('ALL', { error: "product must be 'ALL'." }).optional().default('ALL'),
  })
  .strip();
export type AccountingFilterOptions = z.infer<typeof accountingFilterOptionsSchema>;

/** GET merchant-accounting: filterOptions as JSON text, page from 1. */
export const accountingListQuerySchema = z.object({
  filterOptions: z
    .string()
    .max(2000, { error: 'filterOptions is too long.' })
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'filterOptions must be JSON, e.g. {"search":"","sort":"most_purchased"}.' });
        return z.NEVER;
      }
    })
    .pipe(z.object({}, { error: 'filterOptions must be a JSON object.' }).passthrough())
    .pipe(accountingFilterOptionsSchema),
  page: wholeNumberSchema({ min: 1, max: 100_000 }).optional().default(1),
});

/** GET merchant-accounting/get-distributors: an optional search. */
export const accountingDistributorsQuerySchema = z.object({ search: safeTextSchema({ max: 200 }).optional() });

const optionalTagId = (field: string) =>
  recordIdSchema({
    type: `${field} must be a number (or null to clear it).`,
    positive: `${field} must be a positive number.`,
  }).nullable();

/**
 * POST merchant-accounting and PATCH merchant-accounting/{id}: item_distributor_id plus exactly one
 * of the three tags (null clears it).
 */
export const accountingTagBodySchema = z
  .object({
    item_distributor_id: recordIdSchema({ type: 'item_distributor_id must be the number of an item.' }),
    merchant_accounting_supplier_id: optionalTagId('merchant_accounting_supplier_id').optional(),
    merchant_accounting_category_id: optionalTagId('merchant_accounting_category_id').optional(),
    merchant_accounting_gl_code_id: optionalTagId('merchant_accounting_gl_code_id').optional(),
  })
  .refine(
    (body) =>
      [body.merchant_accounting_supplier_id, body.merchant_accounting_category_id, body.merchant_accounting_gl_code_id].filter(
        (value) => value !== undefined,
      ).length === 1,
    {
      message:
        'Send exactly one of merchant_accounting_supplier_id, merchant_accounting_category_id or merchant_accounting_gl_code_id.',
    },
  );
export type AccountingTagBody = z.infer<typeof accountingTagBodySchema>;

/** The tag record an accounting item carries (the id PATCH merchant-accounting/{id} takes). */
export const accountingTagSchema = z.object({
  id: z.number().int(),
  itemDistributorId: z.number().int(),
  accountingSupplier: accountingSupplierSchema.nullable(),
  accountingCategory: accountingCategorySchema.nullable(),
  accountingCode: accountingGlCodeSchema.nullable(),
});
export type AccountingTag = z.infer<typeof accountingTagSchema>;

/** PATCH merchant-accounting/{id}/update-payable-terms (terms, days). */
export const payableTermsBodySchema = z.object({
  terms: wholeNumberSchema({ min: 1, max: 365 }),
});

/** POST merchant-accounting-supplier / -category (name). */
export const accountingNameBodySchema = z.object({
  name: safeTextSchema({ max: ACCOUNTING_NAME_MAX }),
});
/** POST merchant-accounting-gl-code (code). */
export const accountingCodeBodySchema = z.object({
  code: safeTextSchema({ max: ACCOUNTING_NAME_MAX }),
});

export const ACCOUNTING_EXPORT_FORMATS = ['iif', 'qbo'] as const;
export type AccountingExportFormat = (typeof ACCOUNTING_EXPORT_FORMATS)[number];

const isoDate = (field: string) =>
  z
    .string({ error: `${field} is required as YYYY-MM-DD.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${field} must be a date as YYYY-MM-DD.` })
    .refine(
      (text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
      {
        error: `${field} is not a calendar date.`,
      },
    );

/** GET orders/download-order-quickbooks: a date range (YYYY-MM-DD) and the format (IIF by default). */
export const quickbooksQuerySchema = z
  .object({
    startDate: isoDate('startDate'),
    endDate: isoDate('endDate'),
    format: z.enum(ACCOUNTING_EXPORT_FORMATS, { error: "format must be 'iif' or 'qbo'." }).optional().default('iif'),
  })
  .refine((q) => q.startDate <= q.endDate, { message: 'startDate must be on or before endDate.', path: ['endDate'] })
  .refine((q) => (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 <= 366, {
    message: 'Choose a date range of at most one year.',
    path: ['endDate'],
  });
export type QuickbooksQuery = z.infer<typeof quickbooksQuerySchema>;

export const quickbooksDownloadSchema = z.object({ url: z.string() });

/** One refused row of a bulk upload: its spreadsheet row number (1 is the header) and why. */
export const bulkUploadRowErrorSchema = z.object({ row: z.number().int(), message: z.string() });
export type BulkUploadRowError = z.infer<typeof bulkUploadRowErrorSchema>;

/** POST merchant-accounting/upload answer: how many rows were applied, and names created. */
export const bulkUploadResultSchema = z.object({
  message: z.string(),
  applied: z.number().int(),
  created: z.object({ suppliers: z.number().int(), categories: z.number().int(), glCodes: z.number().int() }),
});
export type BulkUploadResult = z.infer<typeof bulkUploadResultSchema>;

export { idSchema as accountingIdSchema };
