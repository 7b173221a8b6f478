import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
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
 * preValidation hook of every route, with or without schemas: refuses what PostgreSQL cannot store
 * (a NUL character or a lone surrogate in any text or key of the body, query or path) and nesting
 * deeper than the domain allows, before any schema or handler sees it.
 */
export async function refuseUnsafeInput(request: FastifyRequest): Promise<void> {
  const unsafe = findUnsafeText(request.params) ?? findUnsafeText(request.query) ?? findUnsafeText(request.body);
  if (unsafe) throw new InputValidationError([{ field: unsafe.field || 'request', message: unsafe.message }]);
}

/**
 * The validator of every route (replaces fastify-type-provider-zod's): the route's zod schema
 * with the domain's human error map, each issue named by its field.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
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
