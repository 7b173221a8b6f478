import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';
import {
  isOrderLinePriceUnknown,
  isPricedPerWeight,
  type OrderHistoryRow,
  type OrderItem,
  type OrderSummary,
} from '@stockpot/domain';
import { authHeaders } from '../fixtures/api';
import { shoot, signIn } from '../fixtures/session';

const PHONE = { width: 390, height: 844 };
/** A tiny valid PNG (1×1), as a phone's photo library would hand it over. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The active location's submitted orders with their lines, newest first. */
async function listSubmittedOrders(page: Page): Promise<OrderSummary[]> {
  const headers = await authHeaders(page);
  const list = (await (await page.request.get('/api/v1/orders?limit=100', { headers })).json()) as { data: OrderHistoryRow[] };
  const orders: OrderSummary[] = [];
  for (const row of list.data.filter((o) => o.status === 'submitted')) {
    const detail = (await (await page.request.get(`/api/v1/orders/${row.id}?expand=items`, { headers })).json()) as {
      data: OrderSummary;
    };
    orders.push(detail.data);
  }
  return orders;
}

/**
 * A submitted order this journey can receive: two lines or more, none priced by weight (those ask for
 * the pounds received, a step this journey does not take), every line priced or at market price (the
 * journey prices those on delivery, as a receiver does), and one priced line to reject. Other journeys
 * receive the demo's few plain orders before this one runs, so market-price orders must do.
 */
async function findReceivableOrder(page: Page): Promise<{ order: OrderSummary; rejected: OrderItem; marketLines: OrderItem[] }> {
  for (const order of await listSubmittedOrders(page)) {
    const { items } = order;
    const byWeight = items.some((i) =>
      isPricedPerWeight({ unitMeasure: i.unit_measure, isCatchWeight: Boolean(i.isCatchWeight) }),
    );
    const marketLines = items.filter((i) => isOrderLinePriceUnknown(i));
    const rejected = items.find((i) => !isOrderLinePriceUnknown(i) && i.price * i.quantity > 0);
    const priced = items.every((i) => isOrderLinePriceUnknown(i) || i.price * i.quantity > 0);
    if (items.length >= 2 && !byWeight && priced && rejected) return { order, rejected, marketLines };
  }
  throw new Error('no submitted demo order left to receive');
}

test.describe('order history: receive, invoice, download', () => {
  test('receives an order rejecting one line, completes it with an invoice number, uploads an invoice and downloads it', async ({
    page,
  }) => {
    // Receiving, survey, invoice upload, download, inventory and reconciliation: one long journey on a shared machine.
    test.setTimeout(180_000);
    await signIn(page, 'owner@demo.test');
    const { order, rejected, marketLines } = await findReceivableOrder(page);

    await page.goto('/order-history');
    // The first visit loads the area's code: allow a slow machine more than the default wait.
    await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible({ timeout: 30_000 });
    // The table fits the desktop content width at 1280 px, with no sideways scrolling.
    const sideways = await page
      .getByRole('region', { name: 'Orders, scrolls sideways' })
      .evaluate((region) => region.scrollWidth - region.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    await shoot(page, 'order-history-desktop');

    await page.goto(`/order-history/receive/${order.id}`);
    await page.getByRole('switch', { name: 'Accept All Items' }).check();
    if (marketLines.length > 0) {
      // A market-price line is priced on delivery: the receiver enters what the invoice says.
      await page.getByRole('switch', { name: 'Edit' }).check();
      for (const line of marketLines) await page.getByLabel(`Price of ${line.item}`, { exact: true }).fill('12.50');
    }
    await page.getByRole('button', { name: `Reject ${rejected.item}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ${rejected.item}`, exact: true });
    await dialog.getByRole('radio', { name: 'Bad or damaged' }).check();
    await dialog.getByLabel('Cases to reject').fill('1');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByRole('dialog', { name: 'Create a new item?' }).getByRole('button', { name: 'No thanks' }).click();
    await expect(page.getByText('Rejected 1 · Bad or damaged')).toBeVisible();
    await shoot(page, 'order-receive-desktop');

    await page.getByRole('button', { name: 'Order Checked' }).click();
    await expect(page).toHaveURL(new RegExp(`/order-history/receive/${order.id}/order-complete$`));
    const summary = page.getByRole('table', { name: 'Order summary' });
    await expect(summary.getByRole('row', { name: /Total price of rejected items/ })).toContainText(
      `$${(rejected.price / 100).toFixed(2)}`,
    );
    await page.getByLabel('Invoice number').fill('INV-E2E-7');
    await page.getByRole('checkbox', { name: 'The delivery arrived on time' }).check();
    await page.getByLabel('Comment').fill('One case arrived crushed.');
    await shoot(page, 'order-complete-desktop');
    const surveySent = page.waitForResponse((r) => r.url().includes(`/orders/survey/${order.id}`) && r.ok());
    await page.getByRole('button', { name: 'Complete receiving' }).click();
    expect((await surveySent).request().postDataJSON()).toMatchObject({
      question_1: 1,
      question_2: 0,
      comment: 'One case arrived crushed.',
    });
    await expect(page).toHaveURL(/\/order-history$/);

    await page.goto(`/order-history/upload-invoice/${order.id}`);
    await expect(page.getByRole('heading', { name: 'No invoices yet' })).toBeVisible();
    await page.getByLabel('Invoice files').setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('button', { name: 'Delete invoice.png' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Invoice invoice.png' })).toBeVisible();
    await shoot(page, 'order-invoices-desktop');

    await page.goto(`/order-history/view/${order.id}`);
    await expect(page.getByText('INV-E2E-7')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(rejected.item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toContainText(
      'Rejected 1',
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    expect((await download).suggestedFilename()).toBe(`invoice-${order.id}.png`);
    await shoot(page, 'order-view-desktop');

    await page.getByRole('link', { name: 'Inventory' }).click();
    await expect(page.getByRole('heading', { name: `Inventory of order #${order.id}` })).toBeVisible();
    await shoot(page, 'order-inventory-desktop');
    await page.getByRole('link', { name: 'Back to the order' }).click();

    // Reconciliation: the rejected case is owed until the credit is closed.
    await page.getByRole('link', { name: 'Reconcile invoice' }).click();
    await expect(page.getByRole('table', { name: 'Invoice reconciliation' })).toBeVisible();
    await expect(page.getByText(`$${(rejected.price / 100).toFixed(2)}`, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Credit: Open')).toBeVisible();
    await shoot(page, 'order-reconciliation-desktop');
    await page.getByRole('button', { name: 'Close credit' }).click();
    await expect(page.getByText('Credit: Closed')).toBeVisible();
  });

  test("a past order's view offers its purchase order", async ({ page }) => {
    await signIn(page, 'owner@demo.test');
    const headers = await authHeaders(page);
    const list = (await (await page.request.get('/api/v1/orders?limit=100&page=2', { headers })).json()) as {
      data: OrderHistoryRow[];
    };
    const past = list.data.find((o) => o.status === 'received');
    expect(past).toBeDefined();
    await page.goto(`/order-history/view/${past!.id}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    expect((await download).suggestedFilename()).toBe(`PO-${past!.id}.pdf`);
  });

  test('the receive route fits a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, 'owner@demo.test');
    const [order] = await listSubmittedOrders(page);
    expect(order, 'a submitted demo order').toBeDefined();
    await page.goto(`/order-history/receive/${order.id}`);
    await expect(page.getByRole('button', { name: 'Order Checked' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Accept ${order.items[0].item}`, exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, 'order-receive-phone');
  });
});
