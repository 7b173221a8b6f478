/**
 * The database floor: the exact SQL a GET items request runs, with no HTTP, no sign-in check and no
 * JSON serialisation in between: the catalog service's own listItems (so the statements cannot drift
 * from the API's), called on a Drizzle handle over a pg.Pool of as many clients as the scenario has
 * connections, by as many concurrent callers. Also: EXPLAIN (ANALYZE, BUFFERS) of those statements.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '@stockpot/db';
import { filterOptionsSchema, type FilterOptions, type ListSort } from '@stockpot/domain';
import { summarise, type LatencyStats } from './load';
import { PAGE_SIZE } from './api-scenarios';
import { sampleResources, type ResourceSample } from './server';

export interface FloorQuery {
  locationId: number;
  filters: FilterOptions;
  page: number;
}

type CatalogService = typeof import('../../apps/api/src/features/catalog/catalog.service');

/** The catalog service, or why it cannot be used (the area may not be built yet). */
export async function loadCatalogService(): Promise<CatalogService | string> {
  try {
    const service = (await import('../../apps/api/src/features/catalog/catalog.service')) as CatalogService;
    if (typeof service.listItems !== 'function') return 'catalog.service has no listItems()';
    return service;
  } catch (error) {
    return `catalog.service could not be loaded: ${(error as Error).message.split('\n')[0]}`;
  }
}

export function floorFilters(search: string, sort: ListSort): FilterOptions {
  return filterOptionsSchema.parse({ sort, search });
}

/** What GET items runs below HTTP: the catalog service's listItems (its SQL, and mapping the rows). */
async function runListQueries(service: CatalogService, db: Database, query: FloorQuery): Promise<void> {
  await service.listItems(db, query.locationId, { filterOptions: query.filters, limit: PAGE_SIZE, page: query.page });
}

export interface FloorResult extends LatencyStats, ResourceSample {}

export async function runDatabaseFloor(options: {
  url: string;
  service: CatalogService;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  serverPid: number;
  next: (n: number) => FloorQuery;
  quiet?: () => Promise<void>;
}): Promise<FloorResult> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.connections });
  const db = drizzle(pool) as unknown as Database;
  let n = 0;
  const loop = async (until: number, latencies: number[] | null, failures: { count: number }) => {
    while (performance.now() < until) {
      const query = options.next(n);
      n += 1;
      const started = performance.now();
      try {
        await runListQueries(options.service, db, query);
        latencies?.push(performance.now() - started);
      } catch {
        failures.count += 1;
      }
    }
  };
  try {
    await options.quiet?.();
    const warm = { count: 0 };
    const warmUntil = performance.now() + options.warmupSeconds * 1000;
    await Promise.all(Array.from({ length: options.connections }, () => loop(warmUntil, null, warm)));
    await options.quiet?.();
    const latencies: number[] = [];
    const failures = { count: 0 };
    const sampler = sampleResources(options.serverPid);
    const started = performance.now();
    const until = started + options.seconds * 1000;
    await Promise.all(Array.from({ length: options.connections }, () => loop(until, latencies, failures)));
    const seconds = (performance.now() - started) / 1000;
    return { ...summarise(latencies, seconds, { non2xx: 0, errors: failures.count, statusCounts: {} }), ...sampler.stop() };
  } finally {
    await pool.end();
  }
}

export interface ExplainResult {
  label: string;
  /** Which statement of the request: 1 = first. */
  statement: number;
  executionMs: number;
  planningMs: number;
  plan: string;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement one list request runs: the request is run once
 * through a database handle that records its statements, then each is explained.
 */
export async function explainListQuery(
  url: string,
  service: CatalogService,
  query: FloorQuery,
  label: string,
): Promise<ExplainResult[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const real = drizzle(pool);
  const captured: SQL[] = [];
  const recorder = new Proxy(real, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return (statement: SQL) => {
          captured.push(statement);
          return target.execute(statement);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  }) as unknown as Database;
  try {
    await runListQueries(service, recorder, query);
    const dialect = new PgDialect();
    const results: ExplainResult[] = [];
    for (const [index, statement] of captured.entries()) {
      const compiled = dialect.sqlToQuery(statement);
      const rows = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`, compiled.params)).rows as {
        'QUERY PLAN': string;
      }[];
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      results.push({
        label,
        statement: index + 1,
        executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
        planningMs: Number(/Planning Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
        plan,
      });
    }
    return results;
  } finally {
    await pool.end();
  }
}
