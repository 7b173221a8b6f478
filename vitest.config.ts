import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts', 'packages/db/**/*.test.ts'], environment: 'node' },
      },
      {
        // The lint rules that hold the architecture's boundaries, each shown failing on a violation.
        test: { name: 'tooling', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // Seeds the demo database once for the run; each file starts from a copy (test-support/database-template.ts).
          globalSetup: ['apps/api/src/test-support/global-setup.ts'],
          // PGlite is CPU-bound; two cores run two files at once.
          maxWorkers: 2,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
