import type { FastifyRequest } from 'fastify';

/**
 * What the server writes to its log, kept free of secrets and personal data: no bearer token or
 * password (redact paths), no card token in a logged URL, and no SQL parameters or row values in a
 * logged database error (they can hold e-mails, names or tokens). Kept apart from app.ts so the
 * rules can be tested directly.
 */

export const REDACTED = '[redacted]';

/** Paths whose next segment is a secret: the saved card's gateway token. */
const SECRET_PATH_SEGMENT = /(\/payment-methods\/)[^/?#]+/gi;
/** Query parameters whose value is a secret, whatever the route. */
const SECRET_QUERY_NAME = /token|secret|password|key|auth/i;

/** The URL as it may be logged: card tokens in the path and secret-looking query values replaced. */
export function redactUrl(url: string): string {
  const [path = '', query] = splitOnce(url, '?');
  const safePath = path.replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [name = ''] = splitOnce(pair, '=');
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent; it is not a secret we know of.
      }
      return SECRET_QUERY_NAME.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** Drizzle puts the statement's parameters into its error message after this line. */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n\s+at |$)/;
/** Error properties that can carry row values or parameters (pg's `detail`: "Key (email)=(…)"). */
const VALUE_BEARING_KEYS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'input']);

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** pino's `err` serializer: the error, its own fields and its causes, without parameters or row values. */
export function serializeError(error: Error): SerializedError {
  return serializeErrorAt(error, 0);
}

function serializeErrorAt(error: Error, depth: number): SerializedError {
  const out: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message: String(error.message).replace(PARAMS_LINE, `\nparams: ${REDACTED}`),
    stack: (error.stack ?? '').replace(PARAMS_LINE, `\nparams: ${REDACTED}`),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue;
    if (VALUE_BEARING_KEYS.has(key)) {
      out[key] = REDACTED;
      continue;
    }
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  const cause: unknown = error.cause;
  if (cause instanceof Error && depth < 5) out.cause = serializeErrorAt(cause, depth + 1);
  else if (cause !== undefined) out.cause = typeof cause === 'string' ? cause : REDACTED;
  return out;
}

/** For log fields named `error` that may hold anything. */
export function serializeAnyError(value: unknown): unknown {
  return value instanceof Error ? serializeError(value) : value;
}

/** pino's `req` serializer: Fastify's usual fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Paths pino blanks wherever they appear in a log line. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.token',
  'req.body.payment_token',
  'email',
  'password',
  'authKey',
];
