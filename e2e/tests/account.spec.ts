import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import { readMailTo } from '../fixtures/mail-inbox';
import { shoot, signIn, signOut } from '../fixtures/session';

/** Forgot Password on the sign-in page, the link from the e-mail, and a new password chosen there. */
async function resetThroughMail(page: Page, email: string, password: string): Promise<void> {
  const mailsBefore = readMailTo(email).length;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot Password?' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  await expect.poll(() => readMailTo(email).length, { timeout: 30_000 }).toBeGreaterThan(mailsBefore);
  const link = /https?:\/\/\S+\/change-password\/\S+/.exec(readMailTo(email).at(-1)?.text ?? '')?.[0];
  expect(link, 'the e-mail carries a reset link').toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel(/^New Password/).fill(password);
  await page.getByLabel('Confirm New Password').fill(password);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a chef resets a forgotten password through the e-mailed link', async ({ page }) => {
  await resetThroughMail(page, 'chef@demo.test', 'walk-in-5678');
  await signIn(page, 'chef@demo.test', 'walk-in-5678');
  await expect(page).toHaveURL(/\/place-order\//);
  await signOut(page);
  // Back to the demo password, which the journeys after this one sign in with.
  await resetThroughMail(page, 'chef@demo.test', 'demo1234');
  await signIn(page, 'chef@demo.test');
});

test('an administrator logs in as a chef of Harbor Grill Express', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/admin-login$/);
  const loginAs = page.getByRole('button', { name: 'Login As' });
  await expect(loginAs).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'User' })).toBeDisabled();
  await page.getByRole('combobox', { name: 'Location' }).fill('Express');
  await page.getByRole('option', { name: 'Harbor Grill Express' }).click();
  await page.getByRole('combobox', { name: 'User' }).click();
  await page.getByRole('option', { name: /chef@demo\.test/ }).click();
  await shoot(page, 'admin-login');
  await loginAs.click();
  await expect(page).toHaveURL(/\/place-order\//);
});

test('a chef reports an issue from /help', async ({ page }) => {
  await signIn(page, 'chef@demo.test');
  await page.goto('/help/whatever');
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { name: 'How can I help?' })).toBeVisible();
  await page.getByLabel('Description').fill('The Harborline order guide shows last week’s prices.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you for reporting the issue.')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('');
  await shoot(page, 'help');
});
