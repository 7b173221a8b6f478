/**
 * Where the server's CPU went: the self time of each function in a V8 .cpuprofile (what
 * `node --cpu-prof` writes when the server exits), summed by function and file. The same file opens
 * as a flame chart in Chrome DevTools (Performance panel) or https://www.speedscope.app.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface HotFunction {
  function: string;
  where: string;
  selfMs: number;
  selfPct: number;
}

export function summariseCpuProfile(file: string, top = 15): HotFunction[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    startTime: number;
    endTime: number;
    samples: number[];
  };
  const totalHits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0) || 1;
  const msPerHit = (profile.endTime - profile.startTime) / 1000 / totalHits;
  const byFunction = new Map<string, { function: string; where: string; hits: number }>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url
          .replace(/^file:\/\//, '')
          .replace(/.*node_modules\//, 'node_modules/')
          .replace(/.*\/work\/[^/]+\//, '')}:${lineNumber + 1}`
      : '';
    const name = functionName || '(anonymous)';
    const key = `${name}@${where}`;
    const entry = byFunction.get(key) ?? { function: name, where, hits: 0 };
    entry.hits += node.hitCount ?? 0;
    byFunction.set(key, entry);
  }
  return [...byFunction.values()]
    .sort((a, b) => b.hits - a.hits)
    .slice(0, top)
    .map((entry) => ({
      function: entry.function,
      where: entry.where,
      selfMs: Math.round(entry.hits * msPerHit),
      selfPct: Math.round((entry.hits / totalHits) * 1000) / 10,
    }));
}

/** The main thread's profile: `<pid>.0.NNN` (tsx's module loader runs in a worker thread with its own file). */
/** Self time by package (node_modules/<name>), by our own code (apps/…, packages/…), or by Node itself. */
export function summariseByPackage(file: string, top = 12): { package: string; selfPct: number }[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const totals = new Map<string, number>();
  let all = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    const { url, functionName } = node.callFrame;
    if (functionName === '(idle)') continue;
    all += hits;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    // Any checkout (the main one or a worktree): apps/<name>, packages/<name>.
    const own = /\/((?:apps|packages)\/[^/]+)\/(?:src|seed)\//.exec(url)?.[1];
    // PGlite's PostgreSQL compiled to WASM: its frames have no file, only a wasm:// module.
    const key = url.startsWith('wasm://')
      ? 'PGlite WASM (PostgreSQL)'
      : (pkg ??
        own ??
        (url.startsWith('node:') ? 'node core' : functionName.startsWith('(') ? functionName : 'node core (native)'));
    totals.set(key, (totals.get(key) ?? 0) + hits);
  }
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, hits]) => ({ package: name, selfPct: Math.round((hits / Math.max(1, all)) * 1000) / 10 }));
}

export function findCpuProfile(dir: string): string | null {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const main = files.filter((f) => /\.0\.\d+\.cpuprofile$/.test(f)).sort();
  const chosen = main.at(-1) ?? files.sort().at(-1);
  return chosen ? path.join(dir, chosen) : null;
}

// `npx tsx scripts/bench/profile.ts <dir or .cpuprofile> [top]`: the summaries of a profile written by --cpu-prof.
if (process.argv[1]?.endsWith('profile.ts') && process.argv[2]) {
  const given = process.argv[2];
  const file = given.endsWith('.cpuprofile') ? given : findCpuProfile(given);
  if (!file) throw new Error(`no .cpuprofile in ${given}`);
  const top = Number(process.argv[3] ?? 25);
  console.log(`${file}\n\nself time by package:`);
  for (const row of summariseByPackage(file, top)) console.log(`  ${String(row.selfPct).padStart(5)} %  ${row.package}`);
  console.log('\nhottest functions (self time):');
  for (const row of summariseCpuProfile(file, top))
    console.log(`  ${String(row.selfPct).padStart(5)} %  ${String(row.selfMs).padStart(6)} ms  ${row.function}  ${row.where}`);
}
