import { z } from 'zod';
import { API_ERROR_CODES } from './error-codes';

/** Error body of every failed API call (ARCHITECTURE.md "Conventions"). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(API_ERROR_CODES),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Paging block of list responses: `_meta` with pageCount and currentPage (doc 1 §7, doc 3 §7). */
export const pageMetaSchema = z.object({
  pageCount: z.number().int(),
  currentPage: z.number().int(),
  totalCount: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Wraps a payload schema in the `{ data }` success envelope. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** Wraps a row schema in the paged `{ data, _meta }` envelope. */
export function pagedEnvelope<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), _meta: pageMetaSchema });
}

/** Computes the `_meta` block for a page of a list. */
export function toPageMeta(totalCount: number, currentPage: number, limit: number): PageMeta {
  return { pageCount: Math.max(1, Math.ceil(totalCount / limit)), currentPage, totalCount };
}
