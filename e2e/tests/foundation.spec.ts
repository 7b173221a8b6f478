import { expect, test } from '../fixtures/test';
import { shoot, signIn, signOut } from '../fixtures/session';

test.describe('foundation: sign-in, shell and routing rules', () => {
  test('owner signs in and lands on the inventory view of Harbor Grill', async ({ page }) => {
    await signIn(page, 'owner@demo.test');
    await expect(page).toHaveURL(/\/place-order\/inventory$/);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Inventories' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Accounting' })).toBeVisible();
    await expect(page.getByLabel('Location')).toHaveValue(/.+/);
    await shoot(page, 'place-order-inventory-desktop');
  });

  test('switching to Harbor Grill Express opens the list and hides Inventories', async ({ page }) => {
    await signIn(page, 'owner@demo.test');
    await page.getByLabel('Location').selectOption({ label: 'Harbor Grill Express' });
    await expect(page).toHaveURL(/\/place-order\/list$/);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Inventories' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Accounting' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Place Order' })).toBeVisible();
    // The switch is stored on the server: a reload keeps Harbor Grill Express.
    await page.reload();
    await expect(page.getByLabel('Location')).toHaveValue(/.+/);
    await expect(page.getByLabel('Location').locator('option:checked')).toHaveText('Harbor Grill Express');
    // An inventory path is not available here.
    await page.goto('/place-order/inventory');
    await expect(page).toHaveURL(/\/place-order\/list$/);
    await shoot(page, 'place-order-list-express-desktop');
    // Leave the owner where the other journeys expect them.
    await page.getByLabel('Location').selectOption({ label: 'Harbor Grill' });
    await expect(page).toHaveURL(/\/place-order\/(inventory|list)$/);
  });

  test('an unknown path while signed out goes to /login', async ({ page }) => {
    await page.goto('/some/unknown/path');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/place-order/list');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/sign-up/1');
    await expect(page).toHaveURL(/\/sign-up\/1$/);
  });

  test('a wrong password shows the server message under the form', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await page.getByLabel('Email').fill('chef@demo.test');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the administrator only reaches /admin-login and /logout', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByText('Stockpot Admin').first()).toBeVisible();
    for (const path of ['/place-order/list', '/analytics', '/login', '/nope']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin-login$/);
    }
    await shoot(page, 'admin-login-desktop');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout revokes the session and clears local storage', async ({ page }) => {
    await signIn(page, 'chef@demo.test');
    const authKey = await page.evaluate(() => localStorage.getItem('authKey'));
    expect(authKey).toBeTruthy();
    await signOut(page);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // The old key no longer opens the API.
    const response = await page.request.get('/api/v1/users/current-user', { headers: { authorization: `Bearer ${authKey}` } });
    expect(response.status()).toBe(401);
    // And the app keeps the visitor out.
    await page.goto('/place-order/list');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a revoked session in storage leads to the 401 modal and back to /login', async ({ page }) => {
    await signIn(page, 'chef@demo.test');
    const authKey = await page.evaluate(() => localStorage.getItem('authKey'));
    await page.request.post('/api/v1/users/logout', { headers: { authorization: `Bearer ${authKey}` } });
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Please login with proper credentials.' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('phone layout: the menu opens from the burger and hides desktop-only links', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page, 'owner@demo.test');
    await expect(page).toHaveURL(/\/place-order\/(inventory|list)$/);
    await shoot(page, 'place-order-phone');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Shopping Lists' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'POS' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Dashboard/Analytics' })).toHaveCount(0);
    await shoot(page, 'menu-phone');
    await page.goto('/pos');
    await expect(page).toHaveURL(/\/place-order\/(inventory|list)$/);
    await context.close();
  });

  test('desktop pages of areas still to come show a placeholder inside the shell', async ({ page }) => {
    await signIn(page, 'owner@demo.test');
    await page.goto('/order-history');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await shoot(page, 'order-history-placeholder-desktop');
  });
});
