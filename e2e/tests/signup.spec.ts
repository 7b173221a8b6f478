import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import { shoot } from '../fixtures/session';

/**
 * Sign-up wizard (doc 3 §2.11, §4, §5): a two-location restaurant buying from Sysco (from the
 * directory) and from a distributor the directory lacks (issue 31), through all four steps with a
 * card; the new owner signs in at once and sets the new distributor's delivery days.
 */

/** Picks an option of a Mantine select; `typed` searches first in a searchable one. */
async function choose(page: Page, combobox: string, option: string, typed?: string): Promise<void> {
  const box = page.getByRole('combobox', { name: combobox, exact: true });
  await box.click();
  if (typed) await box.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('sign up a two-location restaurant with a directory distributor and a new one, and sign in as its owner', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `owner-${Date.now()}@lopez-kitchens.test`;

  // The URL cannot skip ahead of the furthest step reached.
  await page.goto('/sign-up/3');
  await expect(page).toHaveURL(/\/sign-up\/1$/);
  await expect(page.getByRole('heading', { name: 'Hello, New Friend', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Restaurant Contact Information' })).toBeVisible();

  // Step 1: the first message of the flat list shows under the buttons.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'First name is required' })).toBeVisible();

  await page.getByLabel('First Name').fill('Maria');
  await page.getByLabel('Last Name').fill('Lopez');
  await choose(page, 'Title', 'Owner');
  await page.getByLabel('Official Business Name').fill('Lopez Kitchens');
  await page.getByRole('textbox', { name: 'Location Address', exact: true }).fill('9 Hanover Street');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Boston');
  await choose(page, 'State', 'Massachusetts (MA)', 'Massa');
  await page.getByRole('textbox', { name: 'Zipcode', exact: true }).fill('02113abc9');
  await expect(page.getByRole('textbox', { name: 'Zipcode', exact: true })).toHaveValue('02113');
  await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('6175550190');
  await expect(page.getByRole('textbox', { name: 'Phone Number', exact: true })).toHaveValue('(617) 555-0190');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Confirm Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
  await page.getByLabel('Confirm Password').fill('secret12');
  await choose(page, 'How Many Locations?', '2');

  const first = page.getByRole('group', { name: 'Location 1' });
  await first.getByLabel('Location Name').fill('Lopez North End');
  await first.getByLabel('Location Phone Number').fill('6175550191');
  // Typed while 'How Many Locations?' was still 1, the business address filled location 1 (issue 31).
  await expect(first.getByLabel('Location Street Address')).toHaveValue('9 Hanover Street');
  await expect(first.getByLabel('Location City')).toHaveValue('Boston');
  await expect(first.getByRole('combobox', { name: 'Location State' })).toHaveValue('Massachusetts (MA)');
  await expect(first.getByLabel('Location Zipcode')).toHaveValue('02113');
  await shoot(page, 'sign-up-step-1');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/sign-up\/1\?location=2$/);
  await expect(page.getByRole('button', { name: 'Skip' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Location name is required for location 2' })).toBeVisible();
  const second = page.getByRole('group', { name: 'Location 2' });
  await second.getByLabel('Location Name').fill('Lopez Back Bay');
  await second.getByLabel('Location Phone Number').fill('6175550192');
  await second.getByLabel('Location Street Address').fill('300 Boylston Street');
  await second.getByLabel('Location City').fill('Boston');
  await choose(page, 'Location State', 'Massachusetts (MA)', 'Massa');
  await second.getByLabel('Location Zipcode').fill('02116');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: one distributor for both locations, each with its rep.
  await expect(page).toHaveURL(/\/sign-up\/2$/);
  await expect(page.getByRole('heading', { name: 'Distributor Information' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip' })).toBeVisible();
  await page.getByRole('button', { name: '+ Add New Distributor' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Distributor name is required' })).toBeVisible();
  await choose(page, 'Distributor Name', 'Sysco', 'Sysc');
  await page.getByLabel('All Locations').check();
  for (const [name, dcn] of [
    ['Lopez North End', 'HL-77'],
    ['Lopez Back Bay', 'HL-78'],
  ]) {
    const location = page.getByRole('group', { name });
    await location.getByLabel('Customer Accounts # (DCN)').fill(dcn);
    await location.getByLabel('Distributor Sales Rep Email').fill('dana@harborline.test');
    await location.getByLabel('Distributor Sales Rep Full Name').fill('Dana Reyes');
    await location.getByLabel('Distributor Sales Rep Phone Number').fill('6175550111');
  }
  await shoot(page, 'sign-up-step-2-editor');
  await page.getByRole('button', { name: 'Save' }).click();
  const added = page.getByRole('list', { name: 'Added distributors' });
  await expect(added.getByText('Sysco')).toBeVisible();
  await expect(added.getByText('Lopez North End, Lopez Back Bay')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Sysco' })).toBeVisible();

  // Issue 31: a distributor the directory lacks is added by name; it delivers Monday to Friday until told otherwise.
  await page.getByRole('button', { name: '+ Add New Distributor' }).click();
  await choose(page, 'Distributor Name', "Add 'Hill Country Produce'", 'Hill Country Produce');
  const northEnd = page.getByRole('group', { name: 'Lopez North End' });
  await northEnd.getByLabel('Orders from this distributor at Lopez North End').check();
  await northEnd.getByLabel('Distributor Sales Rep Email').fill('lupe@hillcountry.test');
  await northEnd.getByLabel('Distributor Sales Rep Full Name').fill('Lupe Ortiz');
  const ordering = page.getByRole('group', { name: 'Ordering' });
  await expect(ordering.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
  await expect(ordering.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(added.getByText('Hill Country Produce')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: the agreement ticked and signed.
  await expect(page).toHaveURL(/\/sign-up\/3$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Required field missing' })).toBeVisible();
  await expect(page.getByText(/90 days’ written notice/)).toBeVisible();
  await page.getByRole('checkbox', { name: /agree to the Acknowledgement, Authorization and Release/ }).check();
  await page.getByLabel('Full Name').fill('Maria Lopez');
  await expect(page.getByText('Signed by: Maria Lopez')).toBeVisible();

  // Browser back and forward stay within the steps reached.
  await page.goBack();
  await expect(page).toHaveURL(/\/sign-up\/2$/);
  await expect(page.getByRole('list', { name: 'Added distributors' })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/sign-up\/3$/);
  await expect(page.getByLabel('Full Name')).toHaveValue('Maria Lopez');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: Done waits for a complete card.
  await expect(page).toHaveURL(/\/sign-up\/4$/);
  const done = page.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiration date').fill('1234');
  await page.getByLabel('Security code (CVC)').fill('123');
  await expect(done).toBeEnabled();
  await shoot(page, 'sign-up-step-4');
  await done.click();

  const confirmation = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(confirmation.getByText('Singup Success')).toBeVisible();
  await confirmation.getByRole('button').click();
  await expect(page).toHaveURL(/\/login$/);

  // The new owner signs in at once, into the first location.
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/place-order\//);
  const switcher = page.getByRole('combobox', { name: 'Location' });
  await expect(switcher.locator('option:checked')).toHaveText('Lopez North End');
  await expect(switcher.getByRole('option')).toHaveText(['Lopez North End', 'Lopez Back Bay']);
  await expect(page.getByText(`Owner · ${email}`)).toBeVisible();

  // Edit Distributor → Ordering: the new distributor delivers on Saturdays too, ordered by 2:00 PM the day before.
  await page.goto('/distributor');
  await expect(page.getByRole('listitem', { name: 'Sysco' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit Hill Country Produce' }).click();
  const terms = page.getByRole('form', { name: 'Ordering terms' });
  await terms.getByRole('checkbox', { name: 'Saturday' }).check();
  await terms.getByLabel('Order cut-off time').fill('14:00');
  await terms.getByLabel('Minimum order amount').fill('abc');
  await terms.getByRole('button', { name: 'Save Ordering' }).click();
  await expect(terms.getByRole('alert')).toHaveText('Minimum order amount must be an amount from $0.00 to $100,000.00.');
  await terms.getByLabel('Minimum order amount').fill('0');
  await terms.getByRole('button', { name: 'Save Ordering' }).click();
  await expect(terms.getByRole('status')).toContainText('Ordering terms saved.');
  await shoot(page, 'distributor-ordering');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Ordering terms' }).getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
  await expect(page.getByRole('form', { name: 'Ordering terms' }).getByLabel('Order cut-off time')).toHaveValue('14:00');
});

test('a Texas restaurant with one location: the address typed once, the e-mail kept for sign-in, a first run that leads somewhere', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `owner-${Date.now()}@garza-texmex.test`;
  await page.goto('/sign-up/1');
  await page.getByLabel('First Name').fill('Rosa');
  await page.getByLabel('Last Name').fill('Garza');
  await choose(page, 'Title', 'Owner');
  await page.getByLabel('Official Business Name').fill('Garza Tex-Mex LLC');
  await page.getByRole('textbox', { name: 'Location Address', exact: true }).fill('1 Mesa Street');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('El Paso');
  await choose(page, 'State', 'Texas (TX)', 'Tex');
  await page.getByRole('textbox', { name: 'Zipcode', exact: true }).fill('79901');
  await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('9155550100');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Confirm Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
  await page.getByLabel('Confirm Password').fill('secret12');

  // One location: its address is the business's, already there.
  const location = page.getByRole('group', { name: 'Location 1' });
  await expect(location.getByLabel('Location Street Address')).toHaveValue('1 Mesa Street');
  await expect(location.getByLabel('Location City')).toHaveValue('El Paso');
  await expect(location.getByRole('combobox', { name: 'Location State' })).toHaveValue('Texas (TX)');
  await expect(location.getByLabel('Location Zipcode')).toHaveValue('79901');
  await location.getByLabel('Location Name').fill('Garza Downtown');
  await location.getByLabel('Location Phone Number').fill('9155550101');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the one location is already checked for the new distributor.
  await expect(page).toHaveURL(/\/sign-up\/2$/);
  await page.getByRole('button', { name: '+ Add New Distributor' }).click();
  await choose(page, 'Distributor Name', 'Sysco', 'Sysc');
  await expect(page.getByRole('checkbox', { name: 'Orders from this distributor at Garza Downtown' })).toBeChecked();
  await page.getByLabel('Distributor Sales Rep Email').fill('dana@sysco.test');
  await page.getByLabel('Distributor Sales Rep Full Name').fill('Dana Reyes');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('checkbox', { name: /agree to the Acknowledgement, Authorization and Release/ }).check();
  await page.getByLabel('Full Name').fill('Rosa Garza');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiration date').fill('1234');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Done' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(confirmation.getByText('Singup Success')).toBeVisible();
  await confirmation.getByRole('button').click();

  // The login page has the e-mail: only the password is typed.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/place-order\/list/);

  // The sidebar names the restaurant's business; the list leads to the order-guide upload.
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveAccessibleDescription('Garza Tex-Mex LLC');
  await expect(page.getByText('Stockpot Demo Co.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your items will show here' })).toBeVisible();
  await expect(page.getByText('Sorry, there are no exact match results found')).toHaveCount(0);
  const checklist = page.getByRole('region', { name: 'Get started' });
  // The wizard's ordering terms start Monday to Friday, so delivery days are set from the start.
  await expect(checklist.getByText('2 of 4 done')).toBeVisible();
  await expect(checklist.getByRole('listitem')).toHaveText([
    'Add your distributors (done)',
    'Upload an order guide for each distributor (to do)',
    'Set delivery days (done)',
    'Place your first order (to do)',
  ]);
  await shoot(page, 'first-run-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('link', { name: 'Upload order guide for Sysco' })).toBeVisible();
  await shoot(page, 'first-run-phone');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('link', { name: 'Upload order guide for Sysco' }).click();
  await expect(page).toHaveURL(/\/distributor\/\d+#upload-order-guide$/);
  await expect(page.getByRole('form', { name: 'Upload order guide' })).toBeInViewport();
});
