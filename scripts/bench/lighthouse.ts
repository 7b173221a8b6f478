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
import { CHAIN_OWNER_EMAIL } from './bench-users';
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
  /** Held to the budget (see LighthouseTarget.budgetedPresets). */
  isBudgeted: boolean;
  error?: string;
}

/** One audit's figures, before runLighthouse says whether its target holds it to the budget. */
type Audited = Omit<LighthouseScore, 'isBudgeted'>;

const failedScore = (page: string, preset: 'desktop' | 'mobile', error: string): Audited => ({
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
  error,
});

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
      // Chromium's helper processes can still be writing the profile when the browser has exited;
      // a profile left in the temporary folder must not cost the run its scores.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        // left for the system's temporary-file cleaning
      }
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

async function audit(port: number, url: string, preset: 'desktop' | 'mobile', keepStorage: boolean): Promise<Audited> {
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
    const redirectedTo = new URL(lhr.finalDisplayedUrl).pathname;
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
      // A page the app sends elsewhere (a desktop-only page on a phone) measured the other page: said, not scored.
      ...(redirectedTo !== page
        ? { error: `redirected to ${redirectedTo}`, performance: null }
        : lhr.runtimeError
          ? { error: lhr.runtimeError.message }
          : {}),
    };
  } catch (error) {
    return failedScore(page, preset, (error as Error).message.split('\n')[0]);
  }
}

/** One page to audit: signed out, or signed in through the login form as `signIn`'s user. */
export interface LighthouseTarget {
  path: string;
  presets: ('desktop' | 'mobile')[];
  signIn?: { email: string; password: string };
  /**
   * The presets held to the budget (performance and accessibility ≥ 90): the phone for pages a phone
   * opens; a desktop-only page such as /chain (a phone is sent elsewhere) is held on the desktop.
   */
  budgetedPresets: ('desktop' | 'mobile')[];
}

/**
 * Each target's presets, `runs` times, in a Chromium of its own (so one target's session is not
 * another's): signed-in targets sign in through the form first and audit cold (HTTP cache emptied).
 */
export async function runLighthouse(
  baseUrl: string,
  targets: LighthouseTarget[],
  log: (m: string) => void,
  runs = 1,
): Promise<LighthouseScore[]> {
  const scores: LighthouseScore[] = [];
  for (const target of targets) {
    const chrome = await launchChromium();
    try {
      if (target.signIn) {
        try {
          await signInThroughForm(chrome.port, baseUrl, target.signIn.email, target.signIn.password);
        } catch (error) {
          const message = `sign-in through the login form failed: ${(error as Error).message.split('\n')[0]}`;
          const isBudgeted = (preset: 'desktop' | 'mobile') => target.budgetedPresets.includes(preset);
          scores.push(
            ...target.presets.map((preset) => ({ ...failedScore(target.path, preset, message), isBudgeted: isBudgeted(preset) })),
          );
          continue;
        }
      }
      for (const preset of target.presets) {
        for (let run = 0; run < runs; run += 1) {
          if (target.signIn) await clearHttpCache(chrome.port);
          const score = await audit(chrome.port, `${baseUrl}${target.path}`, preset, Boolean(target.signIn));
          scores.push({ ...score, isBudgeted: target.budgetedPresets.includes(preset) });
          log(`  lighthouse ${target.path} ${preset}: performance ${score.performance}${score.error ? ` (${score.error})` : ''}`);
        }
      }
    } finally {
      await chrome.stop();
    }
  }
  return scores;
}

/**
 * The bench's pages: /login signed out and /place-order/list as a chain manager, on both presets,
 * held to the budget on the phone (issue 38); /chain as the owner of every chain location, on the
 * desktop only, the one form it has (doc routing: a phone is sent to the user's home).
 */
export function benchLighthouseTargets(managerEmail: string): LighthouseTarget[] {
  const both: ('desktop' | 'mobile')[] = ['desktop', 'mobile'];
  const password = 'demo1234';
  return [
    { path: '/login', presets: both, budgetedPresets: ['mobile'] },
    { path: '/place-order/list', presets: both, signIn: { email: managerEmail, password }, budgetedPresets: ['mobile'] },
    { path: '/chain', presets: ['desktop'], signIn: { email: CHAIN_OWNER_EMAIL, password }, budgetedPresets: ['desktop'] },
  ];
}
