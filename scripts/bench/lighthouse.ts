/**
 * Lighthouse (Node API) against the running server with Debian's Chromium, desktop and mobile
 * presets, for /login (signed out) and /place-order/list (signed in). One headless Chromium serves
 * every run: Lighthouse attaches to it over its debugging port. For the signed-in page the harness
 * first signs in through the login form with playwright-core attached to the same browser over CDP,
 * so the app's own code writes its session to localStorage; Lighthouse then runs with
 * `disableStorageReset` so that session is still there, after the HTTP cache is emptied so the page
 * loads cold like /login does.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { findFreePort } from './server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface LighthouseScore {
  page: string;
  preset: 'desktop' | 'mobile';
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  /** Largest Contentful Paint, Total Blocking Time, Cumulative Layout Shift, First Contentful Paint. */
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  /** Audits that cost performance points, for the report's explanations. */
  opportunities: string[];
  error?: string;
}

async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await findFreePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'stockpot-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // starting
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Chromium did not start (${CHROMIUM_PATH})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      // Chromium's helper processes can still be writing the profile when the browser has exited.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

async function signInThroughForm(port: number, baseUrl: string, email: string, password: string): Promise<void> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    // The session is written before the app leaves /login. Not 'networkidle': the signed-in app
    // keeps its live-events stream open (issue 40), so the network never goes idle.
    await page.waitForLoadState('load');
    await page.close();
  } finally {
    // Disconnects only: the browser and its default context (with the session) stay.
    await browser.close();
  }
}

/**
 * Empties the HTTP cache (not localStorage) so a signed-in audit measures a cold load like the
 * signed-out one: with disableStorageReset Lighthouse would otherwise reuse what the previous run cached.
 */
async function clearHttpCache(port: number): Promise<void> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const session = await page.context().newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

async function audit(port: number, url: string, preset: 'desktop' | 'mobile', keepStorage: boolean): Promise<LighthouseScore> {
  const page = new URL(url).pathname;
  try {
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: keepStorage,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    // LIGHTHOUSE_SAVE=<folder> keeps each full report (what lighthouse-list.ts is for).
    if (process.env.LIGHTHOUSE_SAVE) {
      writeFileSync(
        path.join(process.env.LIGHTHOUSE_SAVE, `lhr-${preset}-${page.replace(/\W+/g, '_')}-${Date.now()}.json`),
        JSON.stringify(lhr),
      );
    }
    const score = (id: string) => {
      const value = lhr.categories[id]?.score;
      return value === null || value === undefined ? null : Math.round(value * 100);
    };
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      return value === undefined ? null : Math.round(value * 1000) / 1000;
    };
    const opportunities = Object.values(lhr.audits)
      .filter(
        (a) => a.score !== null && a.score < 0.9 && (a.details?.type === 'opportunity' || a.scoreDisplayMode === 'metricSavings'),
      )
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`)
      .slice(0, 6);
    return {
      page,
      preset,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      fcpMs: numeric('first-contentful-paint'),
      opportunities,
      ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
    };
  } catch (error) {
    return {
      page,
      preset,
      performance: null,
      accessibility: null,
      bestPractices: null,
      lcpMs: null,
      tbtMs: null,
      cls: null,
      fcpMs: null,
      opportunities: [],
      error: (error as Error).message.split('\n')[0],
    };
  }
}

/** Both presets for /login signed out, then both for /place-order/list signed in as `email`. */
export async function runLighthouse(
  baseUrl: string,
  email: string,
  password: string,
  log: (m: string) => void,
): Promise<LighthouseScore[]> {
  const chrome = await launchChromium();
  const scores: LighthouseScore[] = [];
  try {
    for (const preset of ['desktop', 'mobile'] as const) {
      scores.push(await audit(chrome.port, `${baseUrl}/login`, preset, false));
      log(`  lighthouse /login ${preset}: performance ${scores.at(-1)!.performance}`);
    }
    try {
      await signInThroughForm(chrome.port, baseUrl, email, password);
    } catch (error) {
      const message = `sign-in through the login form failed: ${(error as Error).message.split('\n')[0]}`;
      for (const preset of ['desktop', 'mobile'] as const) {
        scores.push({
          page: '/place-order/list',
          preset,
          performance: null,
          accessibility: null,
          bestPractices: null,
          lcpMs: null,
          tbtMs: null,
          cls: null,
          fcpMs: null,
          opportunities: [],
          error: message,
        });
      }
      return scores;
    }
    for (const preset of ['desktop', 'mobile'] as const) {
      await clearHttpCache(chrome.port);
      scores.push(await audit(chrome.port, `${baseUrl}/place-order/list`, preset, true));
      log(`  lighthouse /place-order/list ${preset}: performance ${scores.at(-1)!.performance}`);
    }
    return scores;
  } finally {
    await chrome.stop();
  }
}

/**
 * One signed-in page (/place-order/list unless told), `runs` times with one preset, for before/after
 * comparisons and the pages later issues add (/chain), without the rest of the bench:
 * `scripts/bench/lighthouse-list.ts`.
 */
export async function runListLighthouse(
  baseUrl: string,
  email: string,
  password: string,
  preset: 'desktop' | 'mobile',
  runs: number,
  pagePath = '/place-order/list',
): Promise<LighthouseScore[]> {
  const chrome = await launchChromium();
  const scores: LighthouseScore[] = [];
  try {
    await signInThroughForm(chrome.port, baseUrl, email, password);
    for (let run = 0; run < runs; run += 1) {
      await clearHttpCache(chrome.port);
      scores.push(await audit(chrome.port, `${baseUrl}${pagePath}`, preset, true));
    }
    return scores;
  } finally {
    await chrome.stop();
  }
}
