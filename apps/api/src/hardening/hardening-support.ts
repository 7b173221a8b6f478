/**
 * Shared pieces of the hardening suites (issue 14): the run profile, the routes as the OpenAPI
 * document lists them, captured logs, and the checks every answer must pass.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { isApiErrorCode } from '@stockpot/domain';

/** quick (default, inside `npm run test:api`) or full (`npm run test:hardening`, HARDENING_PROFILE=full). */
export const PROFILE: 'quick' | 'full' = process.env.HARDENING_PROFILE === 'full' ? 'full' : 'quick';
export const isFullProfile = PROFILE === 'full';

/** Picks the quick or the full figure of a suite. */
export const byProfile = <T>(quick: T, full: T): T => (isFullProfile ? full : quick);

/**
 * The time a long test of a suite may take: four minutes in the quick profile, half an hour in the
 * full one. The quick figure is headroom, not a budget: the fuzz suite's body-field test takes about
 * 35 s alone and ran past 60 s on a loaded 2-core CI machine (audit of issues 12–14), so the limit
 * is about seven times its unloaded time. Coverage (runs per route) is set by the profile, never by
 * this limit.
 */
export const SUITE_TIMEOUT = byProfile(240_000, 30 * 60_000);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document. */
export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI form: /api/v1/shopping-lists/{id} */
  path: string;
  /** "GET /api/v1/shopping-lists/{id}": how the suites name a route. */
  key: string;
  parameters: ApiParameter[];
  body: JsonSchema | null;
  /** Whether the document says the route needs a session. */
  isSecured: boolean;
}

interface OpenApiOperation {
  parameters?: ApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

/**
 * Routes whose answer is a stream that stays open (server-sent events, issue 40): inject() would
 * wait on them for ever. platform/events/events.test.ts drives them over a real socket instead
 * (401, a foreign location, hostile parameters, another location's events).
 */
const STREAMING_ROUTES = new Set(['GET /api/v1/events']);

/** Every operation the app's own OpenAPI document (/api/docs/json) lists: new routes join the suites by themselves. */
export function listApiRoutes(app: FastifyInstance): ApiRoute[] {
  const doc = app.swagger() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    security?: unknown[];
  };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase() as HttpMethod;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      if (STREAMING_ROUTES.has(`${upper} ${path}`)) continue;
      const security = operation.security ?? doc.security ?? [];
      routes.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        isSecured: security.length > 0,
      });
    }
  }
  return routes;
}

/** The URL of a route with its path parameters filled in (each value URL-encoded). */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(params[name]));
  });
}

/** Collects the app's log lines (pino JSON) so a suite can look into them. */
export class LogCapture {
  readonly lines: string[] = [];
  write = (line: string): void => {
    this.lines.push(line);
  };
  text(): string {
    return this.lines.join('');
  }
  clear(): void {
    this.lines.length = 0;
  }
}

/** What must never reach a client or a log: a stack trace, or SQL / database error text. */
const STACK_TRACE = /\n\s+at .+\(.*:\d+:\d+\)|\bat [\w.<>]+ \((?:file:\/\/)?\/[^)]+:\d+:\d+\)|node:internal|\.ts:\d+:\d+/;
// SQL as this code base writes it (upper case) or as Drizzle builds it (lower case, quoted names);
// item names such as "NEP Select" are no SQL.
const SQL_STATEMENT =
  /\bSELECT\s[^\n]{0,400}?\sFROM\s|\bINSERT INTO\s|\bUPDATE\s+\w+\s+SET\s|\bDELETE FROM\s|\bselect\s+(?:distinct\s+)?"|\binsert into\s+"|\bupdate\s+"\w+"\s+set\b|\bdelete from\s+"/;
const DATABASE_ERROR =
  /syntax error at or near|violates (?:foreign key|unique|not-null|check) constraint|invalid input syntax for|out of range for type|unsupported Unicode escape|invalid byte sequence for encoding|relation "\w+" does not exist|DrizzleQueryError|Failed query:/i;

export function findLeak(text: string): string | null {
  const stack = STACK_TRACE.exec(text);
  if (stack) return `stack trace: ${stack[0]}`;
  const sqlText = SQL_STATEMENT.exec(text) ?? DATABASE_ERROR.exec(text);
  if (sqlText) return `SQL or database error text: ${sqlText[0].slice(0, 120)}`;
  return null;
}

/**
 * Validation texts straight from the libraries (zod 4, ajv, JSON.parse) instead of a sentence a
 * person can act on ("Invalid input: expected number, received NaN").
 */
const RAW_LIBRARY_TEXT =
  /^(Invalid input|Invalid option|Invalid (string|type|date|ISO|element|key|union|literal|enum)\b|Too (big|small):|Unrecognized keys?:|expected \w+, received|must (be|have|NOT|match) |Unexpected token|Unexpected end of JSON|Expected property name)|received (NaN|undefined|null|boolean|number|string|object|array)\b/;

export function isRawLibraryText(message: string): boolean {
  return RAW_LIBRARY_TEXT.test(message.replace(/^[\w.[\]-]+: /, ''));
}

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/**
 * The problems of one answer to hostile or random input: a 5xx, a leak, or a 400 or 429 without a
 * message a person can act on in the house's error shape. Empty when the answer is fine.
 */
export function checkAnswer(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`status ${response.statusCode}`);
  const leak = findLeak(response.body);
  if (leak) problems.push(leak);
  const status = response.statusCode;
  if (status === 400 || status === 429) {
    type ErrorBody = { message?: unknown; code?: unknown; errors?: { message?: unknown }[] };
    const body = parseJson<ErrorBody>(response.body);
    if (!body) problems.push(`${status} whose body is not JSON`);
    if (body) {
      const { message } = body;
      if (typeof message !== 'string' || message.trim() === '') problems.push(`${status} without a message`);
      else if (isRawLibraryText(message)) problems.push(`${status} with library text instead of a message: "${message}"`);
      // The house's one error shape (ARCHITECTURE.md): a message and a code of the domain's list.
      if (!isApiErrorCode(body.code)) problems.push(`${status} not in the house's error shape: ${response.body.slice(0, 160)}`);
      for (const error of body.errors ?? []) {
        if (typeof error.message !== 'string' || error.message.trim() === '')
          problems.push(`${status} error entry without a message`);
        else if (isRawLibraryText(error.message))
          problems.push(`${status} error entry with library text instead of a message: "${error.message}"`);
      }
    }
  }
  return problems;
}

/** The problems of the logs a run left: errors logged (a 5xx behind them) and leaks. */
export function checkLogs(capture: LogCapture): string[] {
  const problems: string[] = [];
  for (const line of capture.lines) {
    let entry: { level?: number; msg?: string } = {};
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      // Not JSON: looked at as text only.
    }
    if ((entry.level ?? 0) >= 50) problems.push(`error logged: ${line.slice(0, 300)}`);
    const leak = findLeak(line);
    if (leak) problems.push(`log ${leak}: ${line.slice(0, 300)}`);
  }
  return problems;
}
