import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { getFrameworkErrorCode, isApiErrorCode, type ApiError, type ApiErrorCode } from '@stockpot/domain';

/** A failure the client may show as is: the status, a stable code and a sentence a person can act on. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly errors?: ApiError['errors'],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ApiErrorCode = 'bad_request', errors?: ApiError['errors']) =>
  new AppError(400, code, message, errors);
export const unauthorized = (message = 'Please login with proper credentials.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found.`);

function describeField(path: string): string {
  return path || 'request';
}

/** Every error leaves the API in the one shape of ARCHITECTURE.md. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiError = { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) };
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: describeField(issue.instancePath.replace(/^\//, '').replace(/\//g, '.')),
        message: issue.message ?? 'Invalid value.',
      }));
      const first = errors[0];
      const message = first
        ? first.field === 'request'
          ? first.message
          : `${first.field}: ${first.message}`
        : 'Invalid request.';
      return reply.code(400).send({ message, code: 'validation_error', errors } satisfies ApiError);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ message: 'Something went wrong.', code: 'internal_error' } satisfies ApiError);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Something went wrong.', code: 'internal_error' } satisfies ApiError);
    }
    // Fastify's own 4xx (malformed JSON, body too large, rate limit) keep their status and message,
    // with a code of the one list.
    const own = error.code?.toLowerCase();
    const code = isApiErrorCode(own) ? own : getFrameworkErrorCode(status);
    return reply.code(status).send({ message: error.message, code } satisfies ApiError);
  });
}
