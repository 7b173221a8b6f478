/**
 * `PASSES=5 npx tsx scripts/bench/search-miss.ts [--database-url URL or PGlite folder] [--user …]` — what each of the
 * bench's search terms costs when it was never asked (a kept-page miss), one request at a time
 * in-process: each term is asked PASSES times (3 unless set), each time with another page size (a
 * page not kept), and the median is kept.
 * Prints the terms by kind (typos, prefixes, the rest) with their medians, the slowest first.
 */
import { parseArgs } from 'node:util';
import { openInProcessApp } from './in-process';
import { firstAskedPageSize, itemsPath } from './api-scenarios';
import { buildSearchTerms, TYPOS } from './search-terms';

const { values } = parseArgs({
  options: {
    // A postgres:// address or a PGlite data folder (the embedded engine).
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/stockpot_bench_quick' },
    user: { type: 'string', default: 'manager001@chain.demo.test' },
  },
});

const PASSES = Number(process.env.PASSES ?? 3);
const { app, token, close } = await openInProcessApp(values['database-url'], values.user);
const headers = { authorization: `Bearer ${token}` };
try {
  const times: { term: string; kind: string; ms: number; rows: number }[] = [];
  for (const term of buildSearchTerms()) {
    const samples: number[] = [];
    let rows = 0;
    for (let pass = 1; pass <= PASSES; pass++) {
      const start = process.hrtime.bigint();
      const answer = await app.inject({
        method: 'GET',
        url: itemsPath({ sort: 'relevance', search: term }, 1, firstAskedPageSize(pass)),
        headers,
      });
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (pass === 1) rows = (answer.json() as { _meta: { totalCount: number } })._meta.totalCount;
    }
    const kind = TYPOS.includes(term) ? 'typo' : term.length <= 5 && !term.includes(' ') ? 'short' : 'words';
    times.push({ term, kind, ms: samples.sort((a, b) => a - b)[Math.floor(PASSES / 2)], rows });
  }
  for (const kind of ['typo', 'short', 'words']) {
    const of = times.filter((t) => t.kind === kind).sort((a, b) => b.ms - a.ms);
    const sum = of.reduce((s, t) => s + t.ms, 0);
    console.log(
      `${kind}: ${of.length} terms, mean ${(sum / of.length).toFixed(2)} ms, share of all ${((100 * sum) / times.reduce((s, t) => s + t.ms, 0)).toFixed(0)} %`,
    );
    console.log(
      '  ' +
        of
          .slice(0, 12)
          .map((t) => `${t.term} ${t.ms.toFixed(1)} (${t.rows})`)
          .join(', '),
    );
  }
  console.log(`all: mean ${(times.reduce((s, t) => s + t.ms, 0) / times.length).toFixed(2)} ms`);
} finally {
  await close();
}
