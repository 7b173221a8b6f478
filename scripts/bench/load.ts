/**
 * One measured run of autocannon against the server, with a short unmeasured warm-up first.
 * Latencies are taken from every response (autocannon's own summary has no p95) and reduced to
 * nearest-rank percentiles; the server's memory and CPU are sampled over the measured window.
 */
import autocannon from 'autocannon';
import { sampleResources, type ResourceSample } from './server';

export type Request = autocannon.Request;

export interface LoadSpec {
  url: string;
  connections: number;
  /** Seconds; or `amount` requests in all. */
  duration?: number;
  amount?: number;
  warmupSeconds?: number;
  requests: Request[];
  /** Called before the warm-up and before the measured run: waits until the previous run's work has drained. */
  quiet?: () => Promise<void>;
}

export interface LatencyStats {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  /** Responses that were not 2xx, and transport errors or timeouts. */
  non2xx: number;
  errors: number;
  statusCounts: Record<string, number>;
}

export interface LoadResult extends LatencyStats, ResourceSample {
  sampleErrorBody?: string;
}

/** Nearest-rank percentiles of latencies in milliseconds. */
export function summarise(
  latencies: number[],
  seconds: number,
  extra: Pick<LatencyStats, 'non2xx' | 'errors' | 'statusCounts'>,
): LatencyStats {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    requests: sorted.length,
    seconds: round(seconds),
    rps: Math.round(sorted.length / seconds),
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted.length ? sorted[sorted.length - 1] : 0),
    mean: round(sorted.length ? total / sorted.length : 0),
    ...extra,
  };
}

/**
 * Reads ask for compressed answers as Chrome does (`gzip, deflate, br`), since that is what the app
 * serves its users; BENCH_ACCEPT_ENCODING overrides it, and set empty asks for plain answers. Runs
 * with a write are asked plain: a write's scenario reads its answer's text (the cart's version).
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

function browserHeaders(requests: Request[]): Record<string, string> {
  const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? BROWSER_ACCEPT_ENCODING;
  const readsOnly = requests.every((request) => (request.method ?? 'GET') === 'GET');
  return acceptEncoding && readsOnly ? { 'accept-encoding': acceptEncoding } : {};
}

async function fire(spec: LoadSpec, options: { duration?: number; amount?: number; record: boolean }) {
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let non2xx = 0;
  let sampleErrorBody: string | undefined;
  // Keep the first failure's body: a scenario that only measures errors must say why.
  const requests = spec.requests.map((request) => ({
    ...request,
    onResponse: (status: number, body: string, context: object, headers: Request['headers']) => {
      if (options.record && (status < 200 || status >= 300) && sampleErrorBody === undefined) {
        sampleErrorBody = `${status} ${String(body).slice(0, 300)}`;
      }
      if (typeof request.onResponse === 'function') request.onResponse(status, body, context, headers);
    },
  }));
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const started = performance.now();
  const instance = autocannon(
    {
      url: spec.url,
      connections: spec.connections,
      headers: browserHeaders(spec.requests),
      ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 1 }),
      requests,
      timeout: 30,
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (!options.record) return;
    latencies.push(responseTime);
    statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
    if (statusCode < 200 || statusCode >= 300) non2xx += 1;
  });
  const result = await done;
  const seconds = (performance.now() - started) / 1000;
  return { latencies, statusCounts, non2xx, seconds, result, sampleErrorBody: sampleErrorBody as string | undefined };
}

export async function runLoad(spec: LoadSpec, serverPid: number): Promise<LoadResult> {
  // autocannon stops at the end of a run without waiting for the answers still on their way; the
  // server keeps working on them, so the next run waits until that work has drained.
  await spec.quiet?.();
  if (spec.warmupSeconds && spec.warmupSeconds > 0) {
    await fire(spec, { duration: spec.warmupSeconds, record: false });
    await spec.quiet?.();
  }
  const sampler = sampleResources(serverPid);
  const run = await fire(spec, { duration: spec.duration, amount: spec.amount, record: true });
  const resources = sampler.stop();
  const errors = run.result.errors + run.result.timeouts;
  return {
    ...summarise(run.latencies, run.seconds, { non2xx: run.non2xx, errors, statusCounts: run.statusCounts }),
    ...resources,
    sampleErrorBody: run.sampleErrorBody,
  };
}
