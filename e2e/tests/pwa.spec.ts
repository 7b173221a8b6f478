import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { computeGtinCheckDigit, toCaseGtin } from '@stockpot/domain';
import { findKitchenChickenItem } from '../fixtures/api';
import { expect, test } from '../fixtures/test';
import { signIn } from '../fixtures/session';

/**
 * An app that installs (issue 40): the built app serves a web app manifest and a service worker
 * that pass Chromium's own installability check, and without network it says so once, in a
 * banner, instead of a failed-load alert on every card — also after a reload from the service
 * worker's copy.
 */

const BANNER = 'You are offline — counts are saved on this device';

test('passes Chromium’s installability check', async ({ baseURL }, testInfo) => {
  // Chromium never offers to install from an incognito profile, which every Playwright context is
  // ('in-incognito'); a persistent profile is a browser as a phone user has it.
  const profile = mkdtempSync(path.join(tmpdir(), 'stockpot-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    baseURL,
    // The runner's `use` (serviceWorkers: 'block') reaches contexts a test launches itself too.
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Stockpot', short_name: 'Stockpot', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors, testInfo.title).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test.describe('offline', () => {
  // The reload without network comes from the service worker, which the other journeys block.
  test.use({ serviceWorkers: 'allow' });

  test('says once that it is offline, also after a reload without network', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signIn(page, 'owner@demo.test');
    await page.goto('/order-history');
    await expect(page.getByRole('heading', { name: 'Order History', level: 1 })).toBeVisible();
    // The reload below comes from the service worker's copy, there once the worker is active.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    try {
      // The network goes: one banner, on this page and after a reload from the service worker.
      await context.setOffline(true);
      const banner = page.getByRole('status').filter({ hasText: BANNER });
      await expect(banner).toBeVisible();
      await page.getByRole('dialog', { name: 'Offline' }).getByRole('button', { name: 'Ok!' }).click();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Order History', level: 1 })).toBeVisible();
      await expect(banner).toBeVisible();
      await expect(page.getByText(/could not be loaded/)).toHaveCount(0);

      // Back online: the banner goes and the page loads what it had paused.
      await context.setOffline(false);
      await expect(banner).toBeHidden();
    } finally {
      await context.setOffline(false);
    }
  });
});

test('a barcode typed while counting finds the item, once it is linked', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'owner@demo.test');
  const item = await findKitchenChickenItem(page);
  // A code of this run's own, so a rerun on the same data still starts unlinked.
  const body = String(Date.now()).slice(-11).padStart(11, '0');
  const code = body + String(computeGtinCheckDigit(body));

  await page.goto('/place-order/inventory');
  await expect(page.getByRole('combobox', { name: 'Inventory list' })).toHaveValue('Kitchen');
  const barcode = page.getByRole('textbox', { name: 'Scan or type barcode' });

  // A wrong check digit is caught on the device, before any request.
  await barcode.fill(body + String((computeGtinCheckDigit(body) + 1) % 10));
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByText(`its last digit should be ${computeGtinCheckDigit(body)}`)).toBeVisible();

  // Unknown here: linked once to the item, found by its DIN.
  await barcode.fill(code);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await page.getByLabel('Item to link the barcode to').fill(item.din);
  await page
    .getByRole('button', { name: new RegExp(`^Link barcode to `) })
    .first()
    .click();
  const found = page.getByRole('status').filter({ hasText: 'Found:' });
  await expect(found).toBeVisible();

  // Typed again as a case code (GTIN-14), the same item: its group shown and its cases field focused.
  await page.reload();
  await barcode.fill(toCaseGtin(code, 1));
  await barcode.press('Enter');
  await expect(found).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search generic groups' })).toHaveValue('Chicken breast');
  await expect(
    page
      .getByRole('region', { name: 'Chicken breast' })
      .getByRole('textbox', { name: `Cases of ${item.name}` })
      .first(),
  ).toBeFocused();
});
