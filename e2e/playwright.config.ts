import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// Workers inherit the main process's environment, so the fresh data folder is made once per run.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'stockpot-e2e-'));
// The app sends its mail to the run's own SMTP inbox (fixtures/mail-inbox.ts), which journeys read.
process.env.E2E_SMTP_PORT ??= String(port + 1000);
process.env.E2E_MAIL_DIR ??= path.join(process.env.E2E_DATA_DIR, '..', `${path.basename(process.env.E2E_DATA_DIR)}-mail`);

export default defineConfig({
  testDir: './tests',
  // One server and one database serve every journey; serial runs keep shared demo users predictable.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The built app registers a Workbox service worker that precaches the whole build (about 150
    // files) on a context's first page; journeys other than the offline one (which opts in) would
    // pay that on two shared cores for nothing they test.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  globalSetup: './fixtures/mail-inbox.ts',
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      APP_URL: `http://localhost:${port}`,
    },
  },
});
