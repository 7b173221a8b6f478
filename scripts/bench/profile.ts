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
          .replace(/.*\/work\/main\//, '')}:${lineNumber + 1}`
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
    const own = /\/work\/main\/((?:apps|packages)\/[^/]+)/.exec(url)?.[1];
    const key =
      pkg ?? own ?? (url.startsWith('node:') ? 'node core' : functionName.startsWith('(') ? functionName : 'node core (native)');
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
