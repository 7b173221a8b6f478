/**
 * What the API scenarios of `npm run bench` share: the bench's constants, the context run.ts hands
 * them, and the measuring functions (an autocannon run, a database floor) every group uses.
 */
import { bearer, type BenchLocation, type BenchUser } from './api-scenarios';
import { loadCatalogService, runDatabaseFloor, type ExplainResult } from './db-floor';
import { runLoad, type LoadSpec } from './load';
import { type ScenarioRow } from './report';
import { cpuPerAnswer, type ServerHandle } from './server';

export const log = (message: string) => console.error(message);
export const READ_CONNECTIONS = 50;
export const ORDER_CONNECTIONS = 10;
export { CHAIN_OWNER_EMAIL } from './bench-users';
export const CHAIN_OWNER_USERS = 20;

export interface Engine {
  kind: 'postgres' | 'pglite';
  description: string;
  databaseUrl?: string;
  pgliteDir?: string;
  postgresVersion?: string;
  settings?: Record<string, string>;
}

/** What run.ts hands the scenarios: the server, who signed in, and where results go. */
export interface ApiRunContext {
  server: ServerHandle;
  engine: Engine;
  users: BenchUser[];
  locations: Map<number, BenchLocation>;
  terms: string[];
  scenarios: ScenarioRow[];
  explains: ExplainResult[];
  drain: { quiet: () => Promise<void> };
  only: RegExp | null;
  isQuick: boolean;
  isExplainSkipped: boolean;
  seconds: number;
  warmupSeconds: number;
  listWarmupSeconds: number;
  stamp: string;
  chainOwnerLocations: number;
}

/** The context with the measuring functions every scenario group uses. */
export type ApiRun = Awaited<ReturnType<typeof makeRun>>;

export async function makeRun(context: ApiRunContext, peak: { mb: number }) {
  const { server, engine, users, scenarios, drain, only, seconds, listWarmupSeconds } = context;
  const service =
    engine.kind === 'postgres'
      ? await loadCatalogService()
      : 'the database floor needs PostgreSQL (PGlite is one connection inside the server)';
  const measure = async (
    row: Omit<ScenarioRow, 'result' | 'skipped'>,
    spec: Omit<LoadSpec, 'url' | 'connections'>,
    probe?: () => Promise<boolean>,
  ) => {
    if (only && row.kind === 'api' && !only.test(row.name)) return;
    if (probe && !(await probe())) {
      scenarios.push({ ...row, skipped: 'endpoint not built yet' });
      log(`- ${row.name}: skipped (endpoint not built yet)`);
      return;
    }
    const result = await runLoad({ url: server.url, connections: row.connections, quiet: drain.quiet, ...spec }, server.pid);
    peak.mb = Math.max(peak.mb, result.peakRssMb);
    scenarios.push({ ...row, result });
    const per = cpuPerAnswer(result, result.requests);
    log(
      `- ${row.name}: ${result.rps} req/s, p50 ${result.p50} p95 ${result.p95} p99 ${result.p99} ms, CPU/answer ${per.server} + ${per.database} ms, non-2xx ${result.non2xx}${result.sampleErrorBody ? ` (${result.sampleErrorBody.slice(0, 160)})` : ''}`,
    );
  };
  const dbFloor = async (name: string, next: Parameters<typeof runDatabaseFloor>[0]['next']) => {
    if (only && !only.test(name.replace(/^database floor: /, ''))) return;
    if (typeof service === 'string') {
      scenarios.push({
        name,
        kind: 'database floor',
        request: 'catalog listItems via pg.Pool',
        connections: READ_CONNECTIONS,
        skipped: service,
      });
      return;
    }
    const result = await runDatabaseFloor({
      url: engine.databaseUrl!,
      service,
      connections: READ_CONNECTIONS,
      seconds,
      warmupSeconds: listWarmupSeconds,
      serverPid: server.pid,
      next,
      quiet: drain.quiet,
    });
    scenarios.push({
      name,
      kind: 'database floor',
      request: 'catalog listItems via pg.Pool',
      connections: READ_CONNECTIONS,
      result,
    });
    log(`- ${name}: ${result.rps} q/s, p50 ${result.p50} p95 ${result.p95} p99 ${result.p99} ms, failures ${result.errors}`);
  };
  const firstUser = users[0];
  const floor50 = 'framework floor: GET /api/bench/noop';
  const floor10 = `framework floor: GET /api/bench/noop (${ORDER_CONNECTIONS} conc.)`;
  return { ...context, service, measure, dbFloor, firstUser, floor50, floor10 };
}

/**
 * Reads that keep their answer (the chain's price variance, each location's suggested order)
 * compute it on the first request after a change: seconds at chain scale, which a warm-up window
 * of 1–3 s cuts through. Before such a window, one request per distinct path and user is sent and
 * waited for (two at a time), so the window measures the steady read; the time is logged.
 */
export async function awaitFirstAnswers(
  baseUrl: string,
  name: string,
  requests: { user: BenchUser; path: string }[],
): Promise<void> {
  const distinct = [...new Map(requests.map((r) => [`${r.user.locationId} ${r.path}`, r])).values()];
  const started = performance.now();
  const statuses = new Set<number>();
  for (let at = 0; at < distinct.length; at += 2) {
    await Promise.all(
      distinct.slice(at, at + 2).map(async ({ user, path }) => {
        const response = await fetch(`${baseUrl}${path}`, { headers: bearer(user) });
        await response.arrayBuffer();
        statuses.add(response.status);
      }),
    );
  }
  const took = Math.round(performance.now() - started);
  log(`${name}: ${distinct.length} first answer(s) (status ${[...statuses].join(', ')}) in ${took} ms, before the window.`);
}
