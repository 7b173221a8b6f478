import type { BarcodeItem } from '@stockpot/domain';
import { authHeaders, findKitchenChickenItem } from '../fixtures/api';
import { barcodeVideo, ean13 } from '../fixtures/barcode-video';
import { expect, test } from '../fixtures/test';
import { signIn } from '../fixtures/session';

/**
 * Scanning with the camera while counting (issue 40): Chromium's fake camera plays a video of an
 * EAN-13 label drawn by the fixture, and the scanner (the real @zxing/browser decoder on the real
 * getUserMedia stream) finds the item linked to it. The typed-digits journey is in pwa.spec.ts.
 */

/** A code no demo item carries; the data folder is fresh each run, so it starts unlinked. */
const CODE = ean13('401234567890');
// The camera file must exist before this file's browser starts: written at load, in every process
// that loads the file (the runner lists tests from it too), and the same bytes each time.
const video = barcodeVideo(CODE);

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The permission prompt answered yes, and the "camera" is the file.
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

test('a barcode seen by the camera while counting finds the item', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'owner@demo.test');
  const headers = await authHeaders(page);
  const item = await findKitchenChickenItem(page);

  // The label's code is linked to the item (the typed journey links one through the form).
  const link = await page.request.post('/api/v1/barcodes', {
    headers,
    data: { gtin: CODE, itemDistributorId: item.itemDistributorId },
  });
  expect(link.ok()).toBe(true);
  const linked = ((await link.json()) as { data: BarcodeItem }).data;
  expect(linked.gtin).toBe(CODE);

  await page.goto('/place-order/inventory');
  await expect(page.getByRole('combobox', { name: 'Inventory list' })).toHaveValue('Kitchen');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();

  // The camera reads the label by itself: the code lands in the field, the item is found, the
  // camera closes, and the counting list shows the item's group with its cases field focused.
  const found = page.getByRole('status').filter({ hasText: 'Found:' });
  await expect(found).toContainText(linked.description);
  await expect(page.getByRole('textbox', { name: 'Scan or type barcode' })).toHaveValue(CODE);
  await expect(page.getByRole('button', { name: 'Scan', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByLabel('Camera preview')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Search generic groups' })).toHaveValue('Chicken breast');
  await expect(
    page
      .getByRole('region', { name: 'Chicken breast' })
      .getByRole('textbox', { name: `Cases of ${item.name}` })
      .first(),
  ).toBeFocused();
});
