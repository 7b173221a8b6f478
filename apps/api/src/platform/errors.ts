import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { getFrameworkErrorCode, isApiErrorCode, type ApiError, type ApiErrorCode } from '@stockpot/domain';
import { isCutShortMultipart, UPLOAD_CUT_SHORT_MESSAGE } from './multipart-errors';
import { InputValidationError } from './validation';

/** Error codes this platform layer answers with, from the domain's one list (API_ERROR_CODES). */
export const RATE_LIMITED: ApiErrorCode = 'rate_limited';
export const VALIDATION_ERROR: ApiErrorCode = 'validation_error';

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
    if (error instanceof InputValidationError) {
      const first = error.errors[0];
      const message = first
        ? first.field === 'request'
          ? first.message
          : `${first.field}: ${first.message}`
        : 'Invalid request.';
      return reply.code(400).send({ message, code: VALIDATION_ERROR, errors: error.errors } satisfies ApiError);
    }
    if (isInputRefusedByDatabase(error)) {
      // A value the schemas let through but PostgreSQL refuses (out of range, unstorable text):
      // the client's input, so 400; logged without the statement or its parameters.
      request.log.warn({ sqlState: sqlStateOf(error) }, 'database refused a value of the request');
      return reply.code(400).send({
        message: 'A value in the request is out of range or contains characters that are not allowed.',
        code: VALIDATION_ERROR,
      } satisfies ApiError);
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
    if (isCutShortMultipart(error)) {
      return reply.code(400).send({ message: UPLOAD_CUT_SHORT_MESSAGE, code: 'bad_request' } satisfies ApiError);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Something went wrong.', code: 'internal_error' } satisfies ApiError);
    }
    if (status === 429) {
      return reply
        .code(429)
        .send({ message: 'Too many requests. Please wait a minute and try again.', code: RATE_LIMITED } satisfies ApiError);
    }
    // Fastify's own 4xx (malformed JSON, body too large) keep their status, in words a person can act
    // on, with a code of the one list (by status, not Fastify's internal fst_err_* name).
    const own = error.code?.toLowerCase();
    const code = isApiErrorCode(own) ? own : getFrameworkErrorCode(status);
    const message = (error.code && FASTIFY_MESSAGES[error.code]) || error.message;
    return reply.code(status).send({ message, code } satisfies ApiError);
  });
}

/**
 * Fastify's `frameworkErrors`: what it refuses before routing (an address that is not valid URL
 * text, such as broken percent-encoding), which the error handler never sees. Same shape and
 * words as every other 400; the address is not quoted back (it is the client's own text).
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({
      message: 'The address of the request is not valid: check its percent-encoded characters.',
      code: 'bad_request',
    } satisfies ApiError);
    return;
  }
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .send({ message: 'The request could not be read.', code: getFrameworkErrorCode(status) } satisfies ApiError);
}

/** Fastify's request errors, said the way the rest of the API says things. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large (1 MB at most).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

/** The SQLSTATE of a database error, looked up through drizzle's wrapper (`cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * SQLSTATE class 22 (data exception: numeric value out of range, invalid text representation,
 * untranslatable character, …): the request carried a value the column cannot hold. The shared
 * schemas stop these first; this keeps any they miss from answering 500.
 */
function isInputRefusedByDatabase(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && state.startsWith('22') && state !== '22012';
}
