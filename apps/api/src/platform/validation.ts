import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { findUnsafeText, humanErrorMap, type ApiError } from '@stockpot/domain';

type FieldError = NonNullable<ApiError['errors']>[number];

/** A request part that failed its schema or the shared input rules; the error handler answers 400. */
export class InputValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly errors: FieldError[]) {
    super(errors[0]?.message ?? 'Invalid request.');
  }
}

/**
 * The validator of every route (replaces fastify-type-provider-zod's): first the input rules no
 * schema may forget (no NUL character or lone surrogate in any text or key, bounded nesting), then
 * the route's zod schema with the domain's human error map. Headers are left to their schemas.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    if (httpPart !== 'headers') {
      const unsafe = findUnsafeText(data);
      if (unsafe) return { error: new InputValidationError([{ field: unsafe.field || 'request', message: unsafe.message }]) };
    }
    const result = schema.safeParse(data, { error: humanErrorMap });
    if (!result.success) {
      return {
        error: new InputValidationError(
          result.error.issues.map((issue) => ({
            field: issue.path.map(String).join('.') || 'request',
            message: issue.message,
          })),
        ),
      };
    }
    return { value: result.data };
  };
