import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderHistoryRow, OrderItem, OrderSummary, PreRejectResult, ReconciliationResponse } from '@stockpot/domain';
import { makeLocation, makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

function makeItem(overrides: Partial<OrderItem>): OrderItem {
  return {
    oi_id: 1,
    itemDistributorId: 100,
    item: 'Chicken Breast',
    brand: 'Prime',
    din: '1001',
    quantity: 3,
    price: 4_000,
    unit_price: null,
    unit_measure: 'CS',
    packSize: '4/10 LB',
    packSizeUnit: 'LB',
    unitQuantity: 4,
    unitSize: '10',
    rebate: 0,
    isSpecial: 0,
    isMarketPrice: 0,
    isCatchWeight: 0,
    isElectronicInvoiceItem: 0,
    isEdited: 0,
    status: 'ordered',
    isAccepted: 0,
    isRejectSelected: 0,
    qtyReduction: 0,
    statusReceived: null,
    rejectReason: null,
    rejectComment: null,
    receivedQuantity: null,
    isAddedAtReceiving: 0,
    receiveChecked: 0,
    itemStatus: 'active',
    isUnpurchasable: 0,
    isPunchedOut: 0,
    imageUrl: '',
    averageWeight: null,
    receivedWeight: null,
    lineItemTotal: 12_000,
    ...overrides,
  };
}

function makeOrder(items: OrderItem[]): OrderSummary {
  return {
    id: 77,
    createTimeDisplay: '11/20/2026',
    createTime: '2026-11-20T15:00:00.000Z',
    distributor: 'Harborline Foodservice',
    distributorId: 5,
    customInvoiceId: null,
    lastInventoryDate: null,
    onHandTotal: 0,
    lineItems: items.length,
    itemCount: 5,
    subtotal: 14_000,
    usedCredit: 0,
    totalRebates: 0,
    totalSavings: 0,
    deliveryFee: 0,
    sameDayDeliveryFee: 0,
    salesTax: 0,
    promoDiscount: 0,
    orderedTotal: 14_000,
    total: 14_000,
    totalPrice: 14_000,
    totalItemsPrice: 14_000,
    requestedDeliveryDate: '2026-11-22',
    requestedDeliveryTime: null,
    notes: '',
    paymentType: 'terms',
    status: 'submitted',
    poStatus: null,
    poStatusDateTime: null,
    documentsStatus: 'ready',
    purchaseOrderUrl: null,
    purchaseOrderUrlExcel: null,
    invoiceUrl: null,
    creditRefusal: 0,
    creditStatus: 'none',
    receivedTime: null,
    receivingVersion: 0,
    receivedBy: null,
    items,
  };
}

const result: PreRejectResult = {
  distributor: 'Harborline Foodservice',
  submission_date: '11/20/2026',
  delivery_date: '2026-11-22',
  line_items: 2,
  original_total_price: 14_000,
  credit_refusal: 4_000,
  new_total_price: 10_000,
};

let requests: RecordedRequest[];

const reconciliation: ReconciliationResponse = {
  lines: [
    {
      orderItemId: 1,
      description: 'Chicken Breast',
      orderedQuantity: 3,
      orderedPrice: 4_000,
      receivedQuantity: 2,
      invoicedQuantity: null,
      invoicedPrice: null,
      status: 'short',
      creditOwed: 4_000,
    },
  ],
  creditOwed: 4_000,
  creditStatus: 'open',
};

function serve(order: OrderSummary, location = makeLocation(), more: Parameters<typeof mockFetch>[0] = {}) {
  const user = makeUser({ activeLocation: location, locations: [location] });
  const row: OrderHistoryRow = {
    id: order.id,
    customInvoiceId: null,
    createTimeDisplay: order.createTimeDisplay,
    createTime: order.createTime,
    requestedDeliveryDate: order.requestedDeliveryDate,
    requestedDeliveryTime: null,
    distributor: order.distributor,
    distributorId: order.distributorId,
    lineItems: order.lineItems,
    orderedTotal: order.orderedTotal,
    credit: order.creditRefusal,
    total: order.total,
    poStatus: null,
    poStatusDateTime: null,
    status: order.status,
  };
  requests = mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: user }),
    'GET /api/v1/shopping-carts': () => jsonResponse(200, { data: { shoppingCart: [], lastModified: null } }),
    'POST /api/v1/shopping-carts': () =>
      jsonResponse(200, { data: { shoppingCart: [], lastModified: 'v2', unsyncedItems: [], sameModifiedItems: [] } }),
    'GET /api/v1/orders': () => jsonResponse(200, { data: [row], _meta: { pageCount: 1, currentPage: 1, totalCount: 1 } }),
    [`GET /api/v1/orders/${order.id}`]: () => jsonResponse(200, { data: order }),
    [`POST /api/v1/orders/pre-reject/${order.id}`]: () => jsonResponse(200, { data: result }),
    [`PATCH /api/v1/orders/${order.id}`]: () => jsonResponse(200, { data: { ...order, status: 'received' } }),
    [`POST /api/v1/orders/survey/${order.id}`]: () => jsonResponse(200, { data: { saved: true } }),
    [`GET /api/v1/orders/${order.id}/reconciliation`]: () => jsonResponse(200, { data: reconciliation }),
    [`PATCH /api/v1/orders/${order.id}/reconciliation`]: () => jsonResponse(200, { data: reconciliation }),
    ...more,
  });
  seedSession({ user });
}

beforeEach(() => setViewportWidth(DESKTOP_WIDTH));
afterEach(() => vi.unstubAllGlobals());

describe('order history list', () => {
  it('offers Receive and Reorder, and hides Reorder where the cart is turned off', async () => {
    serve(makeOrder([makeItem({})]));
    const first = renderApp('/order-history');
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).getByRole('link', { name: 'Receive order 77' })).toHaveAttribute('href', '/order-history/receive/77');
    expect(within(table).getByRole('button', { name: 'Reorder order 77' })).toBeInTheDocument();
    expect(within(table).getByText('On the Way')).toBeInTheDocument();
    first.unmount();

    serve(makeOrder([makeItem({})]), makeLocation({ display_shopping_cart: 0 }));
    renderApp('/order-history');
    const again = await screen.findByRole('table', { name: 'Orders' });
    expect(within(again).queryByRole('button', { name: 'Reorder order 77' })).not.toBeInTheDocument();
  });
});

describe('Reorder', () => {
  it("says 'Shopping Cart Updated!', how many items went to the cart, and links Review Order", async () => {
    serve(makeOrder([makeItem({ itemStatus: 'active', isPunchedOut: 0, isUnpurchasable: 0 })]));
    const app = renderApp('/order-history');
    await userEvent.click(await screen.findByRole('button', { name: 'Reorder order 77' }, { timeout: 30_000 }));
    const notice = await screen.findByText('Shopping Cart Updated!', {}, { timeout: 10_000 });
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/shopping-carts')).toHaveLength(1);
    const box = notice.closest('.mantine-Notification-root') as HTMLElement;
    expect(box).toHaveTextContent('1 item of order 77 is in your cart, on Review Order.');
    await userEvent.click(within(box).getByRole('link', { name: 'Go to Review Order' }));
    await waitFor(() => expect(app.getPath()).toBe('/checkout-ordering/review-order'));
  });
});

describe('one total per order (issue 32)', () => {
  const received = (): OrderSummary => ({
    ...makeOrder([makeItem({ statusReceived: 'rejected', qtyReduction: 1, receivedQuantity: 2 })]),
    status: 'received',
    orderedTotal: 496_649,
    creditRefusal: 4_080,
    total: 492_569,
    purchaseOrderUrl: '/api/v1/orders/77/purchase-order.pdf',
  });

  it('shows the credit under the total in history and as its own line in the view, with the Download', async () => {
    serve(received());
    const list = renderApp('/order-history');
    const row = within(await screen.findByRole('table', { name: 'Orders' })).getByRole('row', { name: /77/ });
    expect(within(row).getByText('$4,925.69')).toBeInTheDocument();
    expect(within(row).getByText('credit $40.80')).toBeInTheDocument();
    list.unmount();

    serve(received(), makeLocation({ display_accounting: 0 }));
    renderApp('/order-history/view/77');
    expect(await screen.findByText('Credit (rejected items)')).toBeInTheDocument();
    expect(screen.getAllByText('$4,966.49').length).toBeGreaterThan(0);
    expect(screen.getAllByText('$4,925.69').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download for accounting' })).not.toBeInTheDocument();
  });
});

describe('order view', () => {
  it('lets the keyboard reach and scroll the order lines', async () => {
    serve(makeOrder([makeItem({})]));
    renderApp('/order-history/view/77');
    const lines = await screen.findByRole('region', { name: 'Order lines, scrolls sideways' });
    expect(lines).toHaveAttribute('tabindex', '0');
    expect(within(lines).getByRole('table', { name: 'Order lines' })).toBeInTheDocument();
  });
});

describe('receiving', () => {
  it("shows 'Not all your items have prices' when a checked item has no price, and sends nothing", async () => {
    serve(makeOrder([makeItem({}), makeItem({ oi_id: 2, item: 'Lemons', price: 0 })]));
    renderApp('/order-history/receive/77');
    await userEvent.click(await screen.findByRole('switch', { name: 'Accept All Items' }));
    await userEvent.click(screen.getByRole('button', { name: 'Order Checked' }));
    expect(
      await screen.findByText('To complete the receiving of this order please enter all your price data.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Got It' })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('takes the quantities and prices read from the invoice photo into the line edits (issue 36)', async () => {
    const read = (orderItemId: number, quantity: string, unitPrice: number, amount: number) => ({
      orderItemId,
      matchedBy: 'item-number',
      itemNumber: '1001',
      description: 'Chicken Breast',
      readDescription: 'CHICKEN BREAST',
      quantity,
      unitPrice,
      amount,
      isConsistent: unitPrice * Number(quantity) === amount,
    });
    const suggestions = {
      status: 'done',
      progress: 100,
      imageId: 5,
      fileName: 'invoice.png',
      invoiceNumber: 'INV-9',
      invoiceDate: '2026-11-20',
      total: 9_150,
      // Chicken as read: 2 at $41.25; Lemons read as 1.5 cases (part cases stay as ordered).
      lines: [read(1, '2', 4_125, 8_250), read(2, '1.5', 600, 900)],
      unmatchedLineCount: 0,
      isEmpty: false,
      error: null,
    };
    serve(makeOrder([makeItem({}), makeItem({ oi_id: 2, item: 'Lemons', quantity: 2, price: 1_000 })]), makeLocation(), {
      'GET /api/v1/orders/77/invoice-suggestions': () => jsonResponse(200, { data: suggestions }),
    });
    renderApp('/order-history/receive/77');
    const panel = await screen.findByRole('region', { name: 'Read from the invoice photo' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Use these quantities and prices' }));
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'Filled in 1 line: check them below before Order Checked. 1 read line stays as ordered',
    );
    expect(screen.getByLabelText('Quantity of Chicken Breast')).toHaveValue('2');
    expect(screen.getByLabelText('Price of Chicken Breast')).toHaveValue('41.25');
    expect(screen.getByLabelText('Quantity of Lemons')).toHaveValue('2');
    expect(screen.getByLabelText('Price of Lemons')).toHaveValue('10.00');
  });

  it('rejects a line with a reason, pre-rejects and completes with the invoice number', async () => {
    serve(makeOrder([makeItem({}), makeItem({ oi_id: 2, item: 'Lemons', quantity: 2, price: 1_000 })]));
    const view = renderApp('/order-history/receive/77');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Lemons' }));
    await userEvent.click(screen.getByRole('button', { name: 'Order Checked' }));
    expect(await screen.findByText('Check every item (accept or reject it) before Order Checked.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reject Chicken Breast' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Chicken Breast' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await userEvent.type(within(dialog).getByLabelText('Other reason'), 'Thawed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'One case fewer' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'One case fewer' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await userEvent.click(await screen.findByRole('button', { name: 'No thanks' }));

    await userEvent.click(screen.getByRole('button', { name: 'Order Checked' }));
    await waitFor(() => expect(view.getPath()).toBe('/order-history/receive/77/order-complete'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      itemList: [
        { id: 1, status: 'rejected', qtyReduction: 1, rejectReason: 'Other', rejectComment: 'Thawed' },
        { id: 2, status: 'accepted', qtyReduction: 0 },
      ],
      items: [],
      // The version the screen loaded (issue 33): a completion since then answers 409.
      receivingVersion: 0,
    });
    const summary = await screen.findByRole('table', { name: 'Order summary' });
    expect(within(summary).getByRole('row', { name: /Total price of rejected items/ })).toHaveTextContent('$40.00');
    expect(within(summary).getByRole('row', { name: /New total/ })).toHaveTextContent('$100.00');

    await userEvent.type(screen.getByLabelText('Invoice number'), 'INV-9');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cases and packaging arrived undamaged' }));
    await userEvent.type(screen.getByLabelText('Comment'), 'Late by an hour');
    await userEvent.click(screen.getByRole('button', { name: 'Complete receiving' }));
    await waitFor(() => expect(view.getPath()).toBe('/order-history'));
    // The receive data, then the survey answers (doc 3 §4 "Receiving").
    const patchIndex = requests.findIndex((r) => r.method === 'PATCH');
    const surveyIndex = requests.findIndex((r) => r.path.includes('/orders/survey/77'));
    expect(requests[patchIndex].body).toMatchObject({ customInvoiceId: 'INV-9', receivingVersion: 0 });
    expect(surveyIndex).toBeGreaterThan(patchIndex);
    expect(requests[surveyIndex].body).toEqual({
      question_1: 0,
      question_2: 0,
      question_3: 1,
      question_4: 0,
      question_5: 0,
      comment: 'Late by an hour',
    });
  });

  it('saves the invoice lines of the reconciliation in whole cents', async () => {
    serve({ ...makeOrder([makeItem({})]), status: 'received' });
    renderApp('/order-history/reconciliation/77');
    expect(await screen.findByText('Credit: Open')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Invoiced cases of Chicken Breast'), '3');
    await userEvent.type(screen.getByLabelText('Invoiced price of Chicken Breast'), '40.10');
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH' && r.path.includes('reconciliation'))?.body).toEqual({
        lines: [{ orderItemId: 1, invoicedQuantity: 3, invoicedPrice: 4_010 }],
      }),
    );
  });

  it('sends order-complete back to the receive screen without a pre-reject result', async () => {
    serve(makeOrder([makeItem({})]));
    const view = renderApp('/order-history/receive/77/order-complete');
    await waitFor(() => expect(view.getPath()).toBe('/order-history/receive/77'));
  });
});
