/**
 * `npx tsx --cpu-prof --cpu-prof-dir=/tmp/prof scripts/bench/profile-request.ts --path '/api/v1/items?…'` —
 * the server-side CPU of one request, answered many times in-process (inject) on the bench database
 * by a chain manager, so a CPU profile shows the request's own Node work without HTTP or load.
 * Prints the median and the process's CPU per answer; the profile (--cpu-prof) holds where the time goes. `--accept-encoding br`
 * (or gzip) asks for a compressed answer as a browser does, so the figure includes compression.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openInProcessApp } from './in-process';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/stockpot_bench_quick' },
    path: { type: 'string', default: '/api/v1/items?page=1&limit=50&filterOptions=%7B%22sort%22%3A%22most-purchased%22%7D' },
    user: { type: 'string', default: 'manager001@chain.demo.test' },
    times: { type: 'string', default: '400' },
    'accept-encoding': { type: 'string', default: '' },
    /** Writes the first answer's body here (to compare two versions' answers byte for byte). */
    out: { type: 'string', default: '' },
  },
});

const { app, token, close } = await openInProcessApp(values['database-url'], values.user);
try {
  const encoding = values['accept-encoding'];
  const headers = { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) };
  const first = await app.inject({ method: 'GET', url: values.path, headers });
  console.log(
    `HTTP ${first.statusCode}, ${Math.round(first.rawPayload.length / 1024)} KB${encoding ? ` (${String(first.headers['content-encoding'] ?? 'not')} encoded)` : ''}`,
  );
  if (values.out) writeFileSync(values.out, first.rawPayload);
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let k = 0; k < Number(values.times); k += 1) {
    const started = performance.now();
    await app.inject({ method: 'GET', url: values.path, headers });
    times.push(performance.now() - started);
  }
  // This process's CPU (user + system) per answer: the Node side's own cost, whatever the machine's load.
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  console.log(
    `median ${times[Math.floor(times.length / 2)].toFixed(2)} ms, p90 ${times[Math.floor(times.length * 0.9)].toFixed(2)} ms, ` +
      `Node CPU ${((cpu.user + cpu.system) / 1000 / times.length).toFixed(2)} ms an answer`,
  );
} finally {
  await close();
}
