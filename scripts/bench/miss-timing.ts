/**
 * A kept answer's read right after a write (a miss: the answer is built again) next to the read
 * that follows (a hit), one request at a time in-process: what inventory-miss.ts and list-miss.ts
 * print.
 */
import type { FastifyInstance } from 'fastify';

export async function timeMissesAndHits(options: {
  app: FastifyInstance;
  path: string;
  headers: Record<string, string>;
  times: number;
  /** A write that marks the answer's location. */
  write: () => Promise<unknown>;
}): Promise<{ misses: number[]; hits: number[] }> {
  const { app, path, headers } = options;
  const timed = async () => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: path, headers });
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
    return performance.now() - started;
  };
  await timed();
  const misses: number[] = [];
  const hits: number[] = [];
  for (let k = 0; k < options.times; k += 1) {
    await options.write();
    misses.push(await timed());
    hits.push(await timed());
  }
  return { misses, hits };
}

export function summariseTimes(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`;
}
