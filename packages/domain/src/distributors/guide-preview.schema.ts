/**
 * What an order-guide upload read, shown before it is applied (issue 31 "An import a buyer can
 * trust"), and a buyer's own column mapping ("Layouts without a template").
 */
import { z } from 'zod';

export const GUIDE_UPLOAD_STATUSES = [
  'queued',
  'processing',
  'scheduled',
  'ready',
  'applying',
  'applied',
  'refused',
  'cancelled',
  'failed',
] as const;
export type GuideUploadStatus = (typeof GUIDE_UPLOAD_STATUSES)[number];

/** The first rows a preview shows. */
export const GUIDE_PREVIEW_ROWS = 10;

export const guidePreviewRowSchema = z.object({
  row: z.number().int(),
  din: z.string(),
  name: z.string(),
  packSize: z.string(),
  /** Cents; null when the row has no price (market price: the location keeps its current one). */
  priceCents: z.number().int().nullable(),
  unitMeasure: z.string(),
  isMarketPrice: z.boolean(),
});
export type GuidePreviewRow = z.infer<typeof guidePreviewRowSchema>;

export const guidePreviewSchema = z.object({
  rows: z.array(guidePreviewRowSchema),
  /** Against the distributor's current guide of the uploading location. */
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
    /** Items of the current guide missing from this one: applying marks them out of stock (punched out). */
    removed: z.number().int(),
  }),
});
export type GuidePreview = z.infer<typeof guidePreviewSchema>;

export const guideUploadSchema = z.object({
  id: z.number().int(),
  status: z.enum(GUIDE_UPLOAD_STATUSES),
  progress: z.number().int(),
  totalRows: z.number().int(),
  message: z.string(),
  /** The first 100 refused rows; GET order-guides/uploads/{id}/refused-rows.csv has them all (up to 10,000). */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  refusedCount: z.number().int(),
  needsReview: z.boolean(),
  preview: guidePreviewSchema.nullable(),
});
export type GuideUpload = z.infer<typeof guideUploadSchema>;

/** The columns a buyer maps themselves (issue 31), in the order the form asks for them. */
export const BUYER_MAPPED_FIELDS = ['din', 'name', 'brand', 'pack', 'size', 'unit', 'price', 'lb_price'] as const;
export type BuyerMappedField = (typeof BUYER_MAPPED_FIELDS)[number];

export const BUYER_MAPPED_FIELD_LABELS: Record<BuyerMappedField, string> = {
  din: 'Item number',
  name: 'Description',
  brand: 'Brand',
  pack: 'Pack',
  size: 'Size',
  unit: 'Unit',
  price: 'Case price',
  lb_price: 'Per-pound price',
};

const headerName = z.string().trim().min(1).max(200);

export const columnMappingRequestSchema = z.object({
  distributor_id: z.coerce.number().int().positive().max(2_147_483_647),
  /** The file's header row as read by POST distributor-order-guides/read-header. */
  headers: z.array(z.string().max(200)).min(1, { message: 'The header row is empty.' }).max(500),
  mapping: z.object({
    din: headerName.optional(),
    name: headerName.optional(),
    brand: headerName.optional(),
    pack: headerName.optional(),
    size: headerName.optional(),
    unit: headerName.optional(),
    price: headerName.optional(),
    lb_price: headerName.optional(),
  }),
});
export type ColumnMappingRequest = z.infer<typeof columnMappingRequestSchema>;

export const sheetHeaderSchema = z.object({
  /** The row most like a header (the first of the top rows with the most filled cells). */
  headers: z.array(z.string()),
  /** Its 1-based row number. */
  headerRow: z.number().int(),
  /** A few rows under it, so the buyer sees what each column holds. */
  sample: z.array(z.array(z.string())),
});
