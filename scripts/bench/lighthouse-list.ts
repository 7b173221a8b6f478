/**
 * Lighthouse on /place-order/list only (or `--path`, e.g. /chain), against a server already running (e.g. `npm start` with the
 * demo data):
 *   npx tsx scripts/bench/lighthouse-list.ts --url http://localhost:3000 [--preset mobile] [--runs 3]
 *     [--email chef@demo.test] [--password demo1234]
 * Prints one line per run and the median; nothing is written.
 */
import { parseArgs } from 'node:util';
import { runLighthouse } from './lighthouse';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    preset: { type: 'string', default: 'mobile' },
    runs: { type: 'string', default: '3' },
    email: { type: 'string', default: 'chef@demo.test' },
    password: { type: 'string', default: 'demo1234' },
    path: { type: 'string', default: '/place-order/list' },
  },
});
const preset = values.preset === 'desktop' ? 'desktop' : 'mobile';
const scores = await runLighthouse(
  values.url,
  [
    {
      path: values.path,
      presets: [preset],
      signIn: { email: values.email, password: values.password },
      budgetedPresets: [preset],
    },
  ],
  () => undefined,
  Number(values.runs),
);
for (const s of scores) {
  console.log(
    `${s.page} ${s.preset}: performance ${s.performance}, accessibility ${s.accessibility}, LCP ${s.lcpMs} ms, ` +
      `TBT ${s.tbtMs} ms, CLS ${s.cls}, FCP ${s.fcpMs} ms${s.error ? `, error ${s.error}` : ''}` +
      (s.opportunities.length ? `\n  ${s.opportunities.join(', ')}` : ''),
  );
}
const sorted = scores.map((s) => s.performance ?? 0).sort((a, b) => a - b);
console.log(`median performance: ${sorted[Math.floor(sorted.length / 2)]}`);
