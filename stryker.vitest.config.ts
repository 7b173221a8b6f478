/**
 * The Vitest configuration Stryker runs (stryker.config.mjs): the root config's `domain` project,
 * narrowed to the domain package's own tests, so a mutant never waits for a database or a browser.
 * `STRYKER_TESTS` (comma-separated globs) narrows it further: a static mutant (module-level code
 * such as the unit table) re-runs every included test file, so a group with many of them runs in
 * minutes only against the test files that import its code (docs/quality.md). A test file that
 * fails to load counts as a failed test (stryker.load-failures.ts), so a static mutant that breaks a
 * module's loading is killed, not survived.
 */
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import root from './vitest.config';

const domain = (root.test?.projects ?? []).find(
  (project): project is TestProjectInlineConfiguration =>
    typeof project === 'object' && 'test' in project && project.test?.name === 'domain',
);
if (!domain?.test) throw new Error('vitest.config.ts has no "domain" project');

const narrowed = process.env.STRYKER_TESTS?.split(',')
  .map((glob) => glob.trim())
  .filter(Boolean);

export default defineConfig({
  test: {
    ...domain.test,
    include: narrowed?.length ? narrowed : ['packages/domain/src/**/*.test.ts'],
    reporters: ['default', './stryker.load-failures.ts'],
  },
});
