// Mutation testing of the money rules (issue 32; docs/quality.md): `npm run test:mutation`.
// Not part of CI. One group at a time: `npm run test:mutation -- --mutate 'packages/domain/src/units/*.ts'`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: [
    // price
    'packages/domain/src/catalog/price.rules.ts',
    'packages/domain/src/catalog/unit-price.rules.ts',
    // pack size and units
    'packages/domain/src/catalog/pack-size.rules.ts',
    'packages/domain/src/catalog/safe-ratio.rules.ts',
    'packages/domain/src/units/*.ts',
    '!packages/domain/src/units/*.test.ts',
    // savings
    'packages/domain/src/savings/savings.rules.ts',
    'packages/domain/src/savings/equivalence.rules.ts',
    // recipe costing
    'packages/domain/src/recipes/recipe-costing.ts',
    'packages/domain/src/recipes/cost-book.ts',
    'packages/domain/src/recipes/priced-source.ts',
    'packages/domain/src/recipes/linked-item-cost.ts',
    'packages/domain/src/recipes/recipes.rules.ts',
    'packages/domain/src/recipes/recipe-totals.rules.ts',
    // receiving
    'packages/domain/src/orders/receiving.rules.ts',
    // food cost
    'packages/domain/src/pos/food-cost.rules.ts',
  ],
  // The sandbox needs only the domain package and the root configs.
  ignorePatterns: [
    '/apps',
    '/e2e',
    '/bench',
    '/data',
    '/docs',
    '/scripts',
    '/packages/db',
    '/test-results',
    '/playwright-report',
  ],
  // Two cores, shared: never more than two test processes.
  concurrency: 2,
  timeoutMS: 10_000,
  // Re-runs test only what changed since the last run (reports/stryker-incremental.json).
  incremental: true,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
