// The page's Content-Security-Policy has no 'unsafe-eval', so zod's compiled object parsers can never
// run here; zod's `jitless` setting also skips its `new Function` probe, which the browser otherwise
// reports as a CSP violation on every page that builds a schema (Lighthouse best practices:
// "inspector issues"). It is set on the object zod keeps its settings in (`__zod_globalConfig`,
// created by zod only if absent) rather than through `config()`, which would pull zod's core into
// the first route (3.8 KB gzip); zod-without-eval.test.ts fails if zod stops reading it there.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
