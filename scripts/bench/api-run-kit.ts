/**
 * What the API scenarios of `npm run bench` share: the bench's constants, the context run.ts hands
 * them, and the measuring functions (an autocannon run, a database floor) every group uses.
 */
import { type BenchLocation, type BenchUser } from './api-scenarios';
import { loadCatalogService, runDatabaseFloor, type ExplainResult } from './db-floor';
import { runLoad, type LoadSpec } from './load';
import { type ScenarioRow } from './report';
import { cpuPerAnswer, type ServerHandle } from './server';

export const log = (message: string) => console.error(message);
export const READ_CONNECTIONS = 50;
export const ORDER_CONNECTIONS = 10;
export const CHAIN_OWNER_EMAIL = 'owner@chain.demo.test';
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
