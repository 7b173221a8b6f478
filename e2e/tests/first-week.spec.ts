import { expect, test } from '../fixtures/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { countEffort, type Effort } from '../fixtures/effort';
import { shoot } from '../fixtures/session';

/**
 * A new restaurant's first week (issue 31, quality bar), on the run's fresh data folder: sign up
 * buying from Sysco (from the directory) and from a distributor the directory lacks, upload the
 * guides each sends (Sysco's csv, the xlsx in US Foods' layout), set delivery days, order three
 * items, receive the order one case short with a photo of the invoice, and see the spend on
 * analytics. The person's effort is counted from the page's events (fixtures/effort.ts) and held
 * to 40 clicks and 10 minutes.
 */

const GUIDES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'order-guides');
const PHONE = { width: 390, height: 844 };
const MAX_CLICKS = 40;
const MAX_MINUTES = 10;
/** A tiny PNG of the invoice, as a phone's photo library hands it over (1×1). */
const INVOICE_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Restaurant {
  email: string;
  password: string;
  business: string;
  location: string;
  newDistributor: string;
}

function makeRestaurant(tag: string): Restaurant {
  const stamp = `${Date.now()}`;
  return {
    email: `owner-${stamp}@${tag}.test`,
    password: 'secret12',
    business: `Casa Verde ${tag === 'phone' ? 'Movil' : 'Cocina'} LLC`,
    location: tag === 'phone' ? 'Casa Verde East' : 'Casa Verde Austin',
    newDistributor: tag === 'phone' ? 'Hill Country Dairy' : 'Hill Country Produce',
  };
}

/**
 * Picks an option of a select from the keyboard, as a person tabbing through the form does: the
 * start of the name typed (in a list with search), the arrow key to the first option shown, Enter.
 * Without an option name, the first one.
 */
async function choose(page: Page, combobox: string, option?: string, typed?: string): Promise<void> {
  const box = page.getByRole('combobox', { name: combobox, exact: true });
  const wanted = option
    ? page.getByRole('option', { name: option, exact: true })
    : page.getByRole('listbox').getByRole('option').first();
  if (typed) {
    await box.fill(typed);
    await expect(wanted).toBeVisible();
  }
  // A list that is still loading its matches drops the highlight when they land, even between the
  // check and Enter; Enter then picks nothing and the list stays open (the typed text still reads as
  // the name, until the field loses focus). So: highlight, Enter, and again until the list closed.
  let label = '';
  await expect(async () => {
    const isHighlighted = (await wanted.count()) > 0 && (await wanted.getAttribute('data-combobox-selected')) === 'true';
    if (!isHighlighted) await box.press('ArrowDown');
    await expect(wanted).toHaveAttribute('data-combobox-selected', 'true', { timeout: 1_000 });
    label = (await wanted.textContent())!;
    await box.press('Enter');
    await expect(wanted).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(box).toHaveValue(label.replace(/^Add '(.*)'$/, '$1'));
}

/** Sign-up (doc 3 §2.11) of a one-location restaurant in Austin, with Sysco and a distributor added by name. */
async function signUp(page: Page, r: Restaurant): Promise<void> {
  await page.goto('/sign-up/1');
  await page.getByLabel('First Name').fill('Elena');
  await page.getByLabel('Last Name').fill('Reyes');
  await choose(page, 'Title', 'Owner');
  await page.getByLabel('Official Business Name').fill(r.business);
  await page.getByRole('textbox', { name: 'Location Address', exact: true }).fill('1100 S Congress Ave');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Austin');
  await choose(page, 'State', 'Texas (TX)', 'Tex');
  await page.getByRole('textbox', { name: 'Zipcode', exact: true }).fill('78704');
  await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('5125550140');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(r.email);
  await page.getByLabel('Confirm Email').fill(r.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(r.password);
  await page.getByLabel('Confirm Password').fill(r.password);
  const location = page.getByRole('group', { name: 'Location 1' });
  await location.getByLabel('Location Name').fill(r.location);
  // The last field of a step: Enter sends the step's form, as Next does.
  await location.getByLabel('Location Phone Number').fill('5125550141');
  await location.getByLabel('Location Phone Number').press('Enter');

  await expect(page).toHaveURL(/\/sign-up\/2$/);
  await page.getByRole('button', { name: '+ Add New Distributor' }).click();
  await choose(page, 'Distributor Name', 'Sysco', 'Sysc');
  await page.getByLabel('Distributor Sales Rep Email').fill('dana@sysco.test');
  await page.getByLabel('Distributor Sales Rep Full Name').fill('Dana Cruz');
  await page.getByRole('button', { name: 'Save' }).click();
  // The directory lacks the produce house: added by name, delivering Monday to Friday until told otherwise.
  await page.getByRole('button', { name: '+ Add New Distributor' }).click();
  await choose(page, 'Distributor Name', `Add '${r.newDistributor}'`, r.newDistributor);
  await page.getByLabel('Distributor Sales Rep Email').fill('lupe@hillcountry.test');
  await page.getByLabel('Distributor Sales Rep Full Name').fill('Lupe Ortiz');
  // Delivery days: the produce house also comes on Saturdays.
  await page.getByRole('group', { name: 'Ordering' }).getByRole('checkbox', { name: 'Saturday' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  const added = page.getByRole('list', { name: 'Added distributors' });
  await expect(added.getByText(r.newDistributor)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/sign-up\/3$/);
  await page.getByRole('checkbox', { name: /agree to the Acknowledgement, Authorization and Release/ }).check();
  await page.getByLabel('Full Name').fill('Elena Reyes');
  await page.getByLabel('Full Name').press('Enter');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiration date').fill('1234');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Done' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(confirmation.getByText('Singup Success')).toBeVisible({ timeout: 30_000 });
  await confirmation.getByRole('button').click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(r.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(r.password);
  await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/place-order\/list/);
}

/** A click on the file button, then one in the system's file dialog (counted by hand: it is not the page's). */
async function pickFile(
  page: Page,
  effort: Effort,
  button: Locator,
  file: string | { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
  effort.addOutsideClicks(1, 'a file picked in the file dialog');
}

/** A sidebar link; on a phone the sidebar is behind the menu button. */
async function openFromMenu(page: Page, link: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: link, exact: true }).click();
}

/** A row each preview shows among its first, as item number, name, pack size, price and unit. */
const SYSCO_FIRST_ROW = '4092741CHICKEN, BREAST BNLS SKNLS 6OZ4/5 LB$58.42CS';
const US_FOODS_FIRST_ROW = 'COD, LOIN 6 OZ IQF1/10 LB$11.35LB';

const CHICKEN = 'CHICKEN, BREAST BNLS SKNLS 6OZ';
/** Three Sysco items, each found by a search (one of them misspelt); two cases of the chicken. */
const ORDER = [
  { search: 'chicken', name: CHICKEN, din: '4092741', cases: 2 },
  // Misspelt: the typo pass corrects it against the words of this restaurant's own guide.
  { search: 'bacn', name: 'PORK, BACON LAYFLAT 14/18 SLICE', din: '1503312', cases: 1 },
  { search: 'canola', name: 'OIL, CANOLA CLEAR FRY', din: '3319452', cases: 1 },
];

/** From the place-order list: three searches, three adds (the chicken's stepper up to two), checkout and submit. */
async function placeFirstOrder(page: Page, effort: Effort, width: string): Promise<void> {
  void effort;
  await openFromMenu(page, 'Place Order');
  const box = page.getByRole('combobox', { name: 'Search items' });
  for (const item of ORDER) {
    await box.fill(item.search);
    await box.press('Enter');
    const label = `${item.name} (Sysco #${item.din})`;
    await page.getByRole('button', { name: `Add ${label}` }).click();
    for (let cases = 1; cases < item.cases; cases++) {
      await page.getByRole('button', { name: `Increase quantity of ${label}` }).click();
    }
    await expect(page.getByRole('textbox', { name: `Quantity of ${label}` })).toHaveValue(String(item.cases));
  }
  await shoot(page, `first-week-list-${width}`);
  await page.getByRole('link', { name: /^Cart, 3 items/ }).click();
  await page.getByRole('button', { name: 'Checkout Sysco' }).click();
  await expect(page).toHaveURL(/\/checkout-ordering\/shipping-payment$/);
  await choose(page, 'Delivery date');
  await shoot(page, `first-week-shipping-${width}`);
  await page.getByRole('button', { name: 'Continue to Final Review' }).click();
  await expect(page).toHaveURL(/\/checkout-ordering\/final-review$/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible({ timeout: 30_000 });
}

/** Uploads a guide on Edit Distributor's upload form (reached from the first run or a card), previews it and applies it. */
async function uploadGuide(page: Page, effort: Effort, file: string, newItems: number, firstRow: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Upload order guide' });
  await pickFile(page, effort, form.getByLabel('Order guide file'), path.join(GUIDES, file));
  await form.getByRole('button', { name: 'Upload Order Guide' }).click();
  const preview = page.getByRole('region', { name: 'Check the order guide before applying it' });
  await expect(preview.getByRole('listitem', { name: `New: ${newItems}` })).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByRole('listitem', { name: 'Refused: 0' })).toBeVisible();
  await expect(preview.getByRole('table', { name: 'First rows read' })).toContainText(firstRow);
  await shoot(page, `order-guide-preview-${file.replace(/\W+/g, '-')}-${page.viewportSize()!.width}`);
  await preview.getByRole('button', { name: 'Apply Order Guide' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Your order guide was applied: ${newItems} items.`, { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Ok!' }).click();
  await expect(page).toHaveURL(/\/distributor$/);
}

test("a new restaurant's first week: sign up, two order guides, the first order submitted, received and on analytics", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(6 * 60_000);
  const effort = await countEffort(context, testInfo);
  const r = makeRestaurant('cocina');
  await signUp(page, r);

  // The first run points at the uploads.
  await expect(page.getByRole('heading', { name: 'Your items will show here' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Upload order guide for Sysco' }).click();
  await uploadGuide(page, effort, 'sysco-order-guide.csv', 10, SYSCO_FIRST_ROW);
  await page
    .getByRole('listitem', { name: r.newDistributor })
    .getByRole('link', { name: `Upload order guide of ${r.newDistributor}` })
    .click();
  await uploadGuide(page, effort, 'us-foods-list.xlsx', 8, US_FOODS_FIRST_ROW);

  await placeFirstOrder(page, effort, 'desktop');

  // Receiving: the chicken came one case short; the invoice's photo is attached.
  await openFromMenu(page, 'Order History');
  const receive = page.getByRole('link', { name: /^Receive order \d+$/ }).first();
  const orderId = Number((await receive.getAttribute('aria-label'))!.replace(/\D/g, ''));
  await receive.click();
  await page.getByRole('switch', { name: 'Edit' }).check();
  // Two cases ordered, one delivered.
  await expect(page.getByLabel(`Quantity of ${CHICKEN}`)).toHaveValue('2');
  await page.getByLabel(`Quantity of ${CHICKEN}`).fill('1');
  await page.getByRole('switch', { name: 'Accept All Items' }).check();
  await shoot(page, 'first-week-receive-desktop');
  await page.getByRole('button', { name: 'Order Checked' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-history/receive/${orderId}/order-complete$`));
  await page.getByRole('button', { name: 'Complete receiving' }).click();
  await expect(page).toHaveURL(/\/order-history$/);
  await page.getByRole('link', { name: `Invoices of order ${orderId}` }).click();
  await pickFile(page, effort, page.getByRole('button', { name: 'Upload from library' }), {
    name: 'invoice.png',
    mimeType: 'image/png',
    buffer: INVOICE_PHOTO,
  });
  await expect(page.getByRole('img', { name: 'Invoice invoice.png' })).toBeVisible();

  // The spend on analytics.
  await openFromMenu(page, 'Dashboard/Analytics');
  await expect(page.getByRole('link', { name: /^Total Purchases: \$[\d,]+\.\d{2}/ })).toBeVisible();
  await shoot(page, 'first-week-analytics-desktop');

  const spent = effort.report('First week, desktop');
  expect(spent.clicks).toBeLessThanOrEqual(MAX_CLICKS);
  expect(spent.personSeconds).toBeLessThanOrEqual(MAX_MINUTES * 60);
});

test('a new restaurant on a phone: sign up, one order guide, the first order submitted', async ({ page, context }, testInfo) => {
  test.setTimeout(4 * 60_000);
  await page.setViewportSize(PHONE);
  const effort = await countEffort(context, testInfo);
  const r = makeRestaurant('phone');
  await signUp(page, r);
  await expect(page.getByRole('heading', { name: 'Your items will show here' })).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'first-week-first-run-phone');
  await page.getByRole('link', { name: 'Upload order guide for Sysco' }).click();
  await uploadGuide(page, effort, 'sysco-order-guide.csv', 10, SYSCO_FIRST_ROW);
  await placeFirstOrder(page, effort, 'phone');
  const spent = effort.report('Sign-up to submit, phone');
  expect(spent.clicks).toBeLessThanOrEqual(MAX_CLICKS);
});
