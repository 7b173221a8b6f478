/**
 * The server under test, as a child process (`node --import tsx apps/api/src/main.ts`, what
 * `npm start` runs minus the web build check), and what the harness samples of it: resident
 * memory from /proc/<pid>/status and CPU time from /proc/<pid>/stat, plus PostgreSQL's backends'
 * CPU (the bench database's backends) and the load generator's own.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { findFreePort, startServerProcess, type ServerProcess } from '../../apps/api/src/test-support/server-process';

export { findFreePort };
export type ServerHandle = ServerProcess;

let startedServers = 0;

export async function startServer(options: {
  root: string;
  env: Record<string, string>;
  profileDir?: string;
  timeoutMs?: number;
}): Promise<ServerHandle> {
  const nodeArgs = options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir] : [];
  // BENCH_PORT pins the first server's port (a shared machine hands each user a range); the job
  // worker, started second, takes the next one.
  const base = Number(process.env.BENCH_PORT ?? 0);
  const port = base > 0 ? base + startedServers++ : undefined;
  return startServerProcess({ root: options.root, env: options.env, nodeArgs, timeoutMs: options.timeoutMs, port });
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** A process's CPU seconds, all its threads; `thread` reads one task's (the main thread's id is the pid). */
export function readCpuSeconds(pid: number, thread?: number): number {
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

function readStatusKb(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

let benchDatabase: string | null = null;

/**
 * Names the bench's database: from then on "database CPU" is the CPU of that database's backends
 * only, not of every PostgreSQL process on the machine (other people's tests and seeds share the
 * server). Shared background processes (WAL writer, checkpointer) then count as "other".
 */
export function setBenchDatabase(name: string | null): void {
  benchDatabase = name;
}

function readCmdline(pid: string): string {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
}

/** A backend's title is `postgres: [cluster: ]user database host(port) state`. */
function isBenchBackend(cmdline: string, database: string): boolean {
  const title = cmdline.replace(/^postgres: (?:\S+: )?/, '');
  const words = title.split(/\s+/);
  return words[1] === database || (words[0] === 'autovacuum' && words.at(-1) === database);
}

function postgresPids(): number[] {
  if (!existsSync('/proc')) return [];
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (benchDatabase && !isBenchBackend(readCmdline(entry), benchDatabase)) continue;
      pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

/** CPU seconds the whole machine spent busy (all cores), from /proc/stat. */
function readMachineBusySeconds(): number {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const ticks = fields.map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return (ticks.slice(0, 8).reduce((sum, t) => sum + t, 0) - idle) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

export interface ResourceSample {
  /** Peak resident memory of the server process during the window, MB. */
  peakRssMb: number;
  /** CPU used during the window as a share of one core (100 = one core busy). */
  serverCpuPct: number;
  /** The bench database's backends (setBenchDatabase), or every postgres process when none is named. */
  postgresCpuPct: number;
  /** CPU milliseconds over the window, the server's and the database's: divided by the answers, a
   * request's cost, which a busy machine stretches far less than it stretches latency. */
  serverCpuMs: number;
  /** Of serverCpuMs, the main thread's (where requests and the embedded engine run; V8's helpers, GC
   * and WASM tier-up, run beside it). */
  serverThreadCpuMs: number;
  databaseCpuMs: number;
  loadGeneratorCpuPct: number;
  /** Everything else on the machine (other people's tests, builds): a high value disturbs the figures. */
  otherCpuPct: number;
}

/** Samples the server's memory every 50 ms and CPU at the ends of a measured window. */
export function sampleResources(serverPid: number): { stop: () => ResourceSample } {
  // Resetting the kernel's high-water mark makes VmHWM the peak of this window alone (Linux ≥ 4.0).
  let canResetPeak = false;
  try {
    writeFileSync(`/proc/${serverPid}/clear_refs`, '5');
    canResetPeak = true;
  } catch {
    // not permitted: the 50 ms samples still see the peak, give or take a spike
  }
  const started = performance.now();
  const serverCpu = readCpuSeconds(serverPid);
  const serverThreadCpu = readCpuSeconds(serverPid, serverPid);
  const pgStart = new Map(postgresPids().map((pid) => [pid, readCpuSeconds(pid)]));
  const ownCpu = process.cpuUsage();
  const machineBusy = readMachineBusySeconds();
  let peakKb = readStatusKb(serverPid, 'VmRSS');
  const timer = setInterval(() => {
    peakKb = Math.max(peakKb, readStatusKb(serverPid, 'VmRSS'));
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      if (canResetPeak) peakKb = Math.max(peakKb, readStatusKb(serverPid, 'VmHWM'));
      let pgSeconds = 0;
      for (const pid of postgresPids()) pgSeconds += readCpuSeconds(pid) - (pgStart.get(pid) ?? 0);
      const own = process.cpuUsage(ownCpu);
      const pct = (cpuSeconds: number) => Math.round((cpuSeconds / seconds) * 100);
      const serverSeconds = readCpuSeconds(serverPid) - serverCpu;
      const ownSeconds = (own.user + own.system) / 1e6;
      const otherSeconds = readMachineBusySeconds() - machineBusy - serverSeconds - pgSeconds - ownSeconds;
      return {
        peakRssMb: Math.round(peakKb / 1024),
        serverCpuPct: pct(serverSeconds),
        postgresCpuPct: pct(pgSeconds),
        serverCpuMs: Math.round(serverSeconds * 1000),
        serverThreadCpuMs: Math.round((readCpuSeconds(serverPid, serverPid) - serverThreadCpu) * 1000),
        databaseCpuMs: Math.round(pgSeconds * 1000),
        loadGeneratorCpuPct: pct(ownSeconds),
        otherCpuPct: Math.max(0, pct(otherSeconds)),
      };
    },
  };
}

/** The server's peak resident memory over its whole life (VmHWM), MB. */
export function readLifetimePeakMb(pid: number): number {
  return Math.round(readStatusKb(pid, 'VmHWM') / 1024);
}

/** CPU milliseconds per answer, the server's and the database's (two decimals; NaN without answers). */
export function cpuPerAnswer(sample: Pick<ResourceSample, 'serverCpuMs' | 'databaseCpuMs'>, answers: number) {
  const per = (ms: number) => (answers > 0 ? Math.round((ms / answers) * 100) / 100 : NaN);
  return { server: per(sample.serverCpuMs), database: per(sample.databaseCpuMs) };
}
