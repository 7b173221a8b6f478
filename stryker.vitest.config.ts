/**
 * The Vitest configuration Stryker runs (stryker.config.mjs): the root config's `domain` project,
 * narrowed to the domain package's own tests, so a mutant never waits for a database or a browser.
 */
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import root from './vitest.config';

const domain = (root.test?.projects ?? []).find(
  (project): project is TestProjectInlineConfiguration =>
    typeof project === 'object' && 'test' in project && project.test?.name === 'domain',
);
if (!domain?.test) throw new Error('vitest.config.ts has no "domain" project');

export default defineConfig({
  test: { ...domain.test, include: ['packages/domain/src/**/*.test.ts'] },
});
