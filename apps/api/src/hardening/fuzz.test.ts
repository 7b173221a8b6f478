/**
 * Schema-derived fuzzing of every route (issue 14 "Suites"): requests generated from each route's
 * schemas with fast-check, and the hostile set (wrong types, 1 MB strings, ±2^31, NaN, NUL, lone
 * surrogates, deep JSON, malformed JSON) put into every body field, query and path parameter.
 * No answer may be a 5xx, show a stack trace or SQL, or be a 400 without a message a person can
 * act on; the logs may hold no error and no SQL. HARDENING_PROFILE=full runs many more cases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { bearer, createTestApp, signInAs, type TestApp } from '../test-support/test-app';
import {
  byProfile,
  checkAnswer,
  checkLogs,
  isFullProfile,
  SUITE_TIMEOUT,
  listApiRoutes,
  LogCapture,
  type ApiRoute,
  type JsonSchema,
} from './hardening-support';
import { arbitraryOf, parameterArbitrary } from './schema-arbitraries';

/** Generated requests per route. */
const RUNS_PER_ROUTE = byProfile(4, 150);
const SEED = Number(process.env.HARDENING_SEED ?? 20261123);

const MEGABYTE_STRING = 'x'.repeat(1_048_576);

/** Values put in place of any JSON field. */
const HOSTILE_VALUES: { name: string; value: unknown }[] = [
  { name: 'a string', value: 'text' },
  { name: 'a number', value: 12 },
  { name: 'true', value: true },
  { name: 'null', value: null },
  { name: 'an array', value: [1, 'a'] },
  { name: 'an object', value: { a: 1 } },
  { name: '2^31', value: 2_147_483_648 },
  { name: '-2^31-1', value: -2_147_483_649 },
  { name: '2^31 as text', value: '2147483648' },
  { name: '2^63', value: 2 ** 63 },
  { name: '1e308', value: 1e308 },
  { name: 'a fraction', value: 1.5 },
  { name: 'NaN as text', value: 'NaN' },
  { name: 'a NUL character', value: 'a\u0000b' },
  { name: 'a lone surrogate', value: '\ud800' },
  { name: 'a lone low surrogate inside text', value: 'a\udfffb' },
  { name: 'deep JSON', value: JSON.parse(`${'['.repeat(2_000)}${']'.repeat(2_000)}`) as unknown },
  { name: 'a 100 kB string', value: 'y'.repeat(100_000) },
  { name: 'a 1 MB string', value: MEGABYTE_STRING },
];

/** Values of the header that names the location a request is for (no route's schema declares it). */
const HOSTILE_LOCATION_HEADERS: { name: string; value: string }[] = [
  { name: 'text', value: 'abc' },
  { name: 'negative', value: '-1' },
  { name: 'zero', value: '0' },
  { name: 'a fraction', value: '1.5' },
  { name: '2^63', value: '9223372036854775808' },
  { name: 'empty', value: '' },
  { name: 'a list', value: '1,2' },
  { name: 'NaN', value: 'NaN' },
  { name: 'a foreign location', value: '999999' },
];

/** Whole bodies that are not what a JSON route takes. */
const HOSTILE_BODIES: { name: string; payload: string; contentType?: string }[] = [
  { name: 'malformed JSON', payload: '{"a":' },
  { name: 'single quotes', payload: "{'a': 1}" },
  { name: 'a trailing comma', payload: '{"a": 1,}' },
  { name: 'NaN', payload: '{"a": NaN}' },
  { name: 'a bare NUL', payload: '\u0000' },
  { name: 'an escaped NUL key', payload: '{"\\u0000": "\\u0000"}' },
  { name: 'a lone surrogate escape', payload: '{"name": "\\ud800"}' },
  { name: 'an empty body', payload: '' },
  { name: 'an array', payload: '[]' },
  { name: 'a string', payload: '"text"' },
  { name: 'a number', payload: '2147483648' },
  { name: 'null', payload: 'null' },
  { name: 'deep JSON', payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  { name: 'deep objects', payload: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}` },
  { name: 'a 2 MB body', payload: JSON.stringify({ a: MEGABYTE_STRING + MEGABYTE_STRING }) },
  { name: 'a __proto__ key', payload: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {}}}' },
  { name: 'form encoding', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { name: 'text/plain', payload: 'hello', contentType: 'text/plain' },
];

/** Values put in a query or path parameter (already as URL text). */
const HOSTILE_PARAMETERS: { name: string; value: string }[] = [
  { name: '2^31', value: '2147483648' },
  { name: '-2^31-1', value: '-2147483649' },
  { name: '2^63', value: '9223372036854775808' },
  { name: 'zero', value: '0' },
  { name: 'negative', value: '-1' },
  { name: 'a fraction', value: '1.5' },
  { name: 'an exponent', value: '1e3' },
  { name: 'hexadecimal', value: '0x10' },
  { name: 'NaN', value: 'NaN' },
  { name: 'Infinity', value: 'Infinity' },
  { name: 'true', value: 'true' },
  { name: 'a NUL character', value: 'a%00b' },
  { name: 'a lone surrogate (CESU bytes)', value: '%ED%A0%80' },
  { name: 'invalid percent-encoding', value: '%E0%A4%A' },
  { name: 'JSON', value: '%7B%22a%22%3A1%7D' },
  { name: 'deep JSON', value: encodeURIComponent(`${'['.repeat(5_000)}${']'.repeat(5_000)}`) },
  { name: 'a 100 kB string', value: 'z'.repeat(100_000) },
];

let t: TestApp;
let token: string;
const logs = new LogCapture();

beforeAll(async () => {
  // Fuzzed sign-ins must not run into the per-address limits, which would hide what lies behind them.
  t = await createTestApp({ LOG_LEVEL: 'info', SIGN_IN_MAX_PER_MINUTE: 1_000_000 }, { logStream: logs });
  token = await signInAs(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t?.close();
});

/** A valid-looking value of each parameter, as the schema generates it with a fixed seed. */
function sampleParameters(route: ApiRoute): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of route.parameters) {
    if (parameter.in === 'header') continue;
    const [sample] = fc.sample(parameterArbitrary(parameter), { numRuns: 1, seed: SEED });
    values[parameter.name] = parameter.in === 'path' ? '1' : sample;
  }
  return values;
}

/**
 * A valid-looking request of the route to put one hostile value into: its parameters (`path` holds
 * them all, `query` those of the query string) and a body, as the schemas generate them with the seed.
 */
function sampleRequest(route: ApiRoute): { path: Record<string, string>; query: Record<string, string>; body: unknown } {
  const path = sampleParameters(route);
  const query = Object.fromEntries(
    Object.entries(path).filter(([k]) => route.parameters.some((p) => p.name === k && p.in === 'query')),
  );
  const [body] = route.body ? fc.sample(arbitraryOf(route.body), { numRuns: 1, seed: SEED }) : [undefined];
  return { path, query, body };
}

function buildRequest(
  route: ApiRoute,
  parts: {
    path: Record<string, string>;
    query: Record<string, string | undefined>;
    headers?: Record<string, string | undefined>;
    body?: unknown;
    rawBody?: string;
    contentType?: string;
  },
): InjectOptions {
  // Path values are given as URL text already (hostile ones are pre-encoded).
  const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => parts.path[name] ?? '1');
  const query = Object.entries(parts.query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join('&');
  const options: InjectOptions = {
    method: route.method,
    url: query ? `${url}?${query}` : url,
    headers: { ...bearer(token), ...Object.fromEntries(Object.entries(parts.headers ?? {}).filter(([, v]) => v !== undefined)) },
  };
  if (parts.rawBody !== undefined) {
    options.payload = parts.rawBody;
    options.headers = { ...options.headers, 'content-type': parts.contentType ?? 'application/json' };
  } else if (parts.body !== undefined) {
    options.payload = JSON.stringify(parts.body);
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  }
  return options;
}

/** Every place in a body schema a value can go: top-level fields, and fields of nested objects and array items. */
function fieldPaths(schema: JsonSchema | null, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (!schema || depth > 3) return [];
  const paths: (string | number)[][] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    paths.push([...prefix, name]);
    paths.push(...fieldPaths(property, [...prefix, name], depth + 1));
    if (property.items) paths.push(...fieldPaths(property.items, [...prefix, name, 0], depth + 1));
  }
  return paths;
}

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(target ?? {}) as Record<string | number, unknown>;
  let node = copy;
  path.forEach((key, index) => {
    if (index === path.length - 1) node[key] = value;
    else {
      const next = node[key];
      node[key] = next !== null && typeof next === 'object' ? next : typeof path[index + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  });
  return copy;
}

const sessionKeeping = (route: ApiRoute) => route.key !== 'POST /api/v1/users/logout';

interface Finding {
  route: string;
  input: string;
  problems: string[];
}

async function send(
  route: ApiRoute,
  request: InjectOptions,
  input: string,
  findings: Finding[],
): Promise<LightMyRequestResponse> {
  const response = await t.app.inject(request);
  const problems = checkAnswer(response);
  if (problems.length) findings.push({ route: route.key, input, problems });
  if (!sessionKeeping(route) && response.statusCode < 300) token = await signInAs(t.app, 'owner@demo.test');
  return response;
}

/** In the quick profile each route meets every hostile value once, at a rotating place; the full profile tries every place. */
function pick<T>(places: T[], index: number): T[] {
  if (isFullProfile || places.length <= 1) return places;
  return [places[index % places.length]];
}

describe('schema-derived fuzzing of every route', () => {
  let routes: ApiRoute[];
  beforeAll(() => {
    routes = listApiRoutes(t.app).sort((a, b) => Number(!sessionKeeping(a)) - Number(!sessionKeeping(b)));
    logs.clear();
  });

  it(
    'answers generated requests without a 5xx, a leak, or a 400 without a message',
    async () => {
      const findings: Finding[] = [];
      for (const route of routes) {
        const pathArbs = Object.fromEntries(
          route.parameters.filter((p) => p.in === 'path').map((p) => [p.name, parameterArbitrary(p).map(encodeURIComponent)]),
        );
        const queryArbs = Object.fromEntries(
          route.parameters.filter((p) => p.in === 'query').map((p) => [p.name, parameterArbitrary(p).map(encodeURIComponent)]),
        );
        const headerArbs = Object.fromEntries(
          route.parameters
            .filter((p) => p.in === 'header')
            .map((p) => [p.name, parameterArbitrary(p).map((v) => v.replace(/[^\x20-\x7e]/g, ''))]),
        );
        const requestArb = fc.record({
          path: fc.record(pathArbs),
          query: fc.record(queryArbs, { requiredKeys: [] }),
          headers: fc.record(headerArbs, { requiredKeys: [] }),
          body: route.body ? arbitraryOf(route.body) : fc.constant(undefined),
        });
        const result = await fc.check(
          fc.asyncProperty(requestArb, async (parts) => {
            const response = await t.app.inject(buildRequest(route, parts));
            if (!sessionKeeping(route) && response.statusCode < 300) token = await signInAs(t.app, 'owner@demo.test');
            const problems = checkAnswer(response);
            if (problems.length) throw new Error(problems.join('; '));
          }),
          { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: !isFullProfile },
        );
        if (result.failed)
          findings.push({
            route: route.key,
            input: JSON.stringify(result.counterexample?.[0]).slice(0, 300),
            problems: [String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance)],
          });
      }
      expect(findings).toEqual([]);
    },
    SUITE_TIMEOUT,
  );

  it(
    'answers every hostile value in every body field without a 5xx, a leak, or a 400 without a message',
    async () => {
      const findings: Finding[] = [];
      for (const route of routes.filter((r) => r.body)) {
        const { path, query, body: valid } = sampleRequest(route);
        const places = fieldPaths(route.body);
        for (const [index, hostile] of HOSTILE_VALUES.entries()) {
          for (const place of pick(places, index)) {
            const body = setAt(valid, place, hostile.value);
            await send(route, buildRequest(route, { path, query, body }), `${hostile.name} at ${place.join('.')}`, findings);
          }
        }
        for (const hostile of HOSTILE_BODIES)
          await send(
            route,
            buildRequest(route, { path, query, rawBody: hostile.payload, contentType: hostile.contentType }),
            `body: ${hostile.name}`,
            findings,
          );
      }
      expect(findings).toEqual([]);
    },
    SUITE_TIMEOUT,
  );

  it(
    'answers every hostile value in every query and path parameter without a 5xx, a leak, or a 400 without a message',
    async () => {
      const findings: Finding[] = [];
      for (const route of routes) {
        const parameters = route.parameters.filter((p) => p.in === 'query' || p.in === 'path');
        if (!parameters.length) continue;
        const { path: base, body } = sampleRequest(route);
        for (const [index, hostile] of HOSTILE_PARAMETERS.entries()) {
          for (const parameter of pick(parameters, index)) {
            const values = { ...base, [parameter.name]: hostile.value };
            const path = Object.fromEntries(route.parameters.filter((p) => p.in === 'path').map((p) => [p.name, values[p.name]]));
            const query = Object.fromEntries(
              route.parameters.filter((p) => p.in === 'query').map((p) => [p.name, values[p.name]]),
            );
            await send(
              route,
              buildRequest(route, { path, query, body }),
              `${hostile.name} in ${parameter.in} ${parameter.name}`,
              findings,
            );
          }
        }
        // A parameter given twice arrives as an array.
        const query = route.parameters.find((p) => p.in === 'query');
        if (query) {
          const request = buildRequest(route, { path: {}, query: {}, body });
          request.url = `${String(request.url)}?${query.name}=1&${query.name}=2`;
          await send(route, request, `${query.name} given twice`, findings);
        }
      }
      expect(findings).toEqual([]);
    },
    SUITE_TIMEOUT,
  );

  it(
    'answers a hostile location header on every private route in the house error shape',
    async () => {
      const findings: Finding[] = [];
      for (const [index, route] of routes.filter((r) => r.isSecured && sessionKeeping(r)).entries()) {
        const { path, query, body } = sampleRequest(route);
        for (const hostile of pick(HOSTILE_LOCATION_HEADERS, index))
          await send(
            route,
            buildRequest(route, { path, query, body, headers: { 'x-location-id': hostile.value } }),
            `x-location-id: ${hostile.name}`,
            findings,
          );
      }
      expect(findings).toEqual([]);
    },
    SUITE_TIMEOUT,
  );

  it('answers past a rate limit (429) in the house error shape, with a wait a person can act on', async () => {
    const findings: Finding[] = [];
    const route = routes.find((r) => r.key === 'POST /api/v1/sales-rep-invites/accept')!;
    let limited = false;
    for (let n = 0; n < 40 && !limited; n++) {
      const response = await send(
        route,
        buildRequest(route, { path: {}, query: {}, body: { invite: 'x'.repeat(43), password: 'secret-1' } }),
        `try ${n}`,
        findings,
      );
      limited = response.statusCode === 429;
      if (limited) expect(response.json().message).toMatch(/wait/);
    }
    expect(limited).toBe(true);
    expect(findings).toEqual([]);
  });

  it(
    'asks for a session before it reads the input (401, not 400) on every private route',
    async () => {
      const findings: Finding[] = [];
      // Private as the OpenAPI document says (public routes declare no security).
      for (const route of routes.filter((r) => r.isSecured)) {
        const request = buildRequest(route, {
          path: { id: 'NaN', token: 'NaN', itemId: 'NaN' },
          query: {},
          rawBody: route.method === 'GET' ? undefined : '{"a":',
        });
        request.headers = { ...(request.headers as Record<string, string>) };
        delete (request.headers as Record<string, string>).authorization;
        if (route.method === 'GET' || route.method === 'DELETE') delete request.payload;
        const response = await t.app.inject(request);
        if (response.statusCode !== 401)
          findings.push({ route: route.key, input: 'no session, bad input', problems: [`status ${response.statusCode}`] });
      }
      expect(findings).toEqual([]);
    },
    SUITE_TIMEOUT,
  );

  it(
    'left no error and no SQL in the logs',
    () => {
      expect(logs.lines.length).toBeGreaterThan(0);
      expect(checkLogs(logs).slice(0, 20)).toEqual([]);
    },
    SUITE_TIMEOUT,
  );
});
