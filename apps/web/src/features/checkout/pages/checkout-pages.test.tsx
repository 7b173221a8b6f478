import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartLine, OrderingDistributor, SavingsMatch, ShoppingCartMatch } from '@stockpot/domain';
import { makeLocation, makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { cartResponse, distributors, makeCartLine, makeListItem } from '../../../test/ordering-fixtures';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';
import { startCheckout, updateChoices, useCheckoutStore } from '../checkout-store';

vi.setConfig({ testTimeout: 30_000 });
// The first render of a test file loads the lazy checkout chunk, slow on a busy machine.
const LOAD = { timeout: 15_000 };

const chicken = makeCartLine(makeListItem({ itemDistributorId: 1001, price: 1250 }), 2);
const cheese = makeCartLine(
  makeListItem({
    itemDistributorId: 2001,
    distributorId: 558,
    distributor: 'Northeast Provisions',
    name: 'Cheddar Sharp',
    price: 4599,
  }),
  1,
);
const withDates: OrderingDistributor[] = distributors.map((d) => ({ ...d, deliveryDates: ['2099-01-05', '2099-01-06'] }));

function serve(lines: CartLine[], routes: Parameters<typeof mockFetch>[0] = {}, user = makeUser()): RecordedRequest[] {
  return mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: user }),
    'GET /api/v1/shopping-carts': () => cartResponse(lines),
    'GET /api/v1/distributors': () => jsonResponse(200, { data: withDates }),
    'GET /api/v1/payment-methods': () => jsonResponse(200, { data: [] }),
    ...routes,
  });
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
  sessionStorage.clear();
  useCheckoutStore.setState({ locationId: null, distributorId: null, choices: {}, attempt: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('review order', () => {
  it('groups the cart by distributor under the headline, and a total under the minimum opens its modal', async () => {
    serve([chicken, cheese]);
    renderApp('/checkout-ordering/review-order');
    expect(await screen.findByText('You have 2 order(s) to review for Harbor Grill', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Harborline Foodservice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /REVIEW ORDER/ })).toHaveAttribute('aria-current', 'step');
    // Every group has its minimum-order bar: full where there is no minimum.
    const noMinimum = await screen.findByRole('progressbar', { name: 'Minimum order progress for Harborline Foodservice' });
    expect(noMinimum).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('No minimum order')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Minimum order progress for Northeast Provisions' })).toBeInTheDocument();
    expect(screen.getByText('$45.99 of the $250.00 minimum order')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Checkout Northeast Provisions' }));
    const modal = await screen.findByRole('dialog', { name: 'Price below $250.00' });
    expect(modal).toHaveTextContent('Minimum price required for placing order is $250.00 !');
  });

  it('disables Checkout where the location cannot place orders', async () => {
    const user = makeUser({ activeLocation: makeLocation({ canPlaceOrder: false }) });
    seedSession({ user });
    serve([chicken], {}, user);
    renderApp('/checkout-ordering/review-order');
    expect(await screen.findByRole('button', { name: 'Checkout Harborline Foodservice' }, LOAD)).toBeDisabled();
  });

  it('shows an empty cart with the way back to the place-order list', async () => {
    serve([]);
    renderApp('/checkout-ordering/review-order');
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Place Order' })).toHaveAttribute('href', '/place-order/list');
  });
});

/** The savings view of a cart line: undecided (matches, no swap) unless told otherwise. */
function matchLine(line: CartLine, overrides: Partial<ShoppingCartMatch> = {}): ShoppingCartMatch {
  const cartItem = line.item!;
  const item = {
    itemDistributorId: line.itemDistributorId!,
    name: cartItem.name,
    description: '',
    brand: '',
    din: cartItem.din,
    packSize: '',
    unitMeasure: '',
    price: cartItem.price,
    distributor: cartItem.distributor,
    distributorId: cartItem.distributorId,
    imageUrl: '',
  };
  const match: SavingsMatch = {
    ...item,
    itemDistributorId: item.itemDistributorId + 1,
    name: 'Chicken Breast Value Pack',
    matchType: 'SavingsOption',
    savings: 100,
    unitPrice: 1000,
    originalUnitPrice: 1100,
    unit: 'LB',
    reasons: [],
    swapQuantity: line.quantity,
    lineSavings: 100 * line.quantity,
  };
  return { ...item, shoppingCartId: line.id, quantity: line.quantity, swap: null, matches: [match], rejected: [], ...overrides };
}

describe('checkout path from review order (doc 1 §4)', () => {
  it('leads through savings while the order has an undecided match, and savings goes on to shipping and payment', async () => {
    serve([chicken, cheese], {
      'GET /api/v1/items/shopping-cart-matches': () =>
        jsonResponse(200, { data: [matchLine(chicken), matchLine(cheese, { matches: [] })] }),
    });
    const view = renderApp('/checkout-ordering/review-order');
    await userEvent.click(await screen.findByRole('button', { name: 'Checkout Harborline Foodservice' }, LOAD));
    await waitFor(() => expect(view.getPath()).toBe('/checkout-ordering/savings'));
    expect(await screen.findByRole('button', { name: 'Done - Review Cart' })).toBeInTheDocument();
    // One sentence, per case in the cart and for the line, from the API's line totals.
    const q = chicken.quantity;
    expect(
      screen.getByText(`Save $1.00 per case · $${q}.00 less for this line (${q} case(s) now, ${q} after the swap)`),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Shipping and Payment' }));
    await waitFor(() => expect(view.getPath()).toBe('/checkout-ordering/shipping-payment'));
    expect(await screen.findByRole('heading', { name: 'Delivery from Harborline Foodservice' })).toBeInTheDocument();
  });

  it('goes straight to shipping and payment when every match of the order is swapped or rejected', async () => {
    const chickenLines = [matchLine(chicken, { matches: [] })];
    const swapped = matchLine(chicken);
    serve([chicken], {
      'GET /api/v1/items/shopping-cart-matches': () =>
        jsonResponse(200, {
          // A swapped line offers Swap back, not a decision; another distributor's matches are not this order's.
          data: [
            {
              ...swapped,
              swap: { ...swapped, swapId: 1, originalQuantity: 2, swappedQuantity: 2, savingsPerCase: 100, reasonName: '' },
            },
            ...chickenLines,
            matchLine(cheese),
          ],
        }),
    });
    const view = renderApp('/checkout-ordering/review-order');
    await userEvent.click(await screen.findByRole('button', { name: 'Checkout Harborline Foodservice' }, LOAD));
    await waitFor(() => expect(view.getPath()).toBe('/checkout-ordering/shipping-payment'));
  });

  it('drops Continue once a swap has moved the order to another distributor', async () => {
    let lines = [chicken];
    const moved = makeCartLine(
      makeListItem({
        itemDistributorId: 1002,
        distributorId: 558,
        distributor: 'Northeast Provisions',
        name: 'Chicken Breast Value Pack',
      }),
      2,
    );
    serve(lines, {
      'GET /api/v1/shopping-carts': () => cartResponse(lines),
      'GET /api/v1/items/shopping-cart-matches': () =>
        jsonResponse(200, { data: lines[0] === moved ? [] : [matchLine(chicken)] }),
      'POST /api/v1/items/swap': () => {
        lines = [moved];
        return jsonResponse(200, { data: { swaps: [], lastModified: '2025-03-04T10:00:01.000Z' } });
      },
    });
    renderApp('/checkout-ordering/review-order');
    await userEvent.click(await screen.findByRole('button', { name: 'Checkout Harborline Foodservice' }, LOAD));
    const next = await screen.findByRole('button', { name: 'Continue to Shipping and Payment' });
    await userEvent.click(
      screen.getByRole('button', {
        name: `Swap ${chicken.item!.name} for Chicken Breast Value Pack from ${chicken.item!.distributor}`,
      }),
    );
    await waitFor(() => expect(next).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Done - Review Cart' })).toBeInTheDocument();
  });

  it('savings opened from the step bar offers no Continue: its button returns to review order', async () => {
    serve([chicken], { 'GET /api/v1/items/shopping-cart-matches': () => jsonResponse(200, { data: [matchLine(chicken)] }) });
    renderApp('/checkout-ordering/savings');
    expect(await screen.findByRole('button', { name: 'Done - Review Cart' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to Shipping and Payment' })).not.toBeInTheDocument();
  });
});

describe('a location whose cart is turned off (display_shopping_cart 0)', () => {
  it.each(['review-order', 'savings', 'shipping-payment', 'final-review'])('%s says so instead of spinning', async (step) => {
    const user = makeUser({
      activeLocation: makeLocation({ nickname: 'Harbor Catering', display_shopping_cart: 0, canPlaceOrder: false }),
    });
    seedSession({ user });
    const requests = serve([chicken], {}, user);
    renderApp(`/checkout-ordering/${step}`);
    expect(await screen.findByRole('heading', { name: 'The cart is turned off for Harbor Catering' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/and it cannot place orders/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Place Order' })).toHaveAttribute('href', '/place-order/list');
    expect(screen.queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/v1/shopping-carts')).toBe(false);
  });
});

describe('final review', () => {
  beforeEach(() => {
    startCheckout(makeUser().activeLocation!.id, 531);
    updateChoices(531, { deliveryDate: '2099-01-05', notes: 'Back door' });
  });

  it('submits one order per click with an Idempotency-Key, and a retry after a failure keeps the key', async () => {
    let calls = 0;
    const requests = serve([chicken], {
      'POST /api/v1/orders': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(400, { message: 'Prices have changed since you reviewed your cart.', code: 'prices_changed' })
          : jsonResponse(201, { data: { id: 7, distributor: 'Harborline Foodservice', total: 2500 } });
      },
    });
    renderApp('/checkout-ordering/final-review');
    const submit = await screen.findByRole('button', { name: 'Submit' }, LOAD);
    await userEvent.click(submit);
    const error = await screen.findByRole('dialog', { name: 'Order not placed' });
    expect(error).toHaveTextContent('Prices have changed since you reviewed your cart.');
    await userEvent.click(within(error).getByRole('button', { name: 'Ok!' }));

    await userEvent.dblClick(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Thank you!' }, { timeout: 3000 })).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/orders');
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map((r) => r.headers.get('idempotency-key'));
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(posts[0].body).toMatchObject({ paymentType: 'terms', distributorId: 531, productPrice: 2500, notes: 'Back door' });
  });

  it('says the purchase order is being prepared, then links its files and where the e-mail stands', async () => {
    let reads = 0;
    const placed = {
      id: 7,
      distributor: 'Harborline Foodservice',
      total: 2500,
      documentsStatus: 'pending',
      poStatus: 'queued',
      purchaseOrderUrl: null,
      purchaseOrderUrlExcel: null,
    };
    serve([chicken], {
      'POST /api/v1/orders': () => jsonResponse(201, { data: placed }),
      'GET /api/v1/orders/7': () => {
        reads += 1;
        return jsonResponse(200, {
          data:
            reads < 2
              ? placed
              : {
                  ...placed,
                  documentsStatus: 'ready',
                  poStatus: 'failed',
                  purchaseOrderUrl: '/api/v1/orders/7/purchase-order.pdf',
                  purchaseOrderUrlExcel: '/api/v1/orders/7/purchase-order.xlsx',
                },
        });
      },
    });
    renderApp('/checkout-ordering/final-review');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }, LOAD));
    expect(await screen.findByText('Preparing the purchase order…')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'PDF' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excel' })).toBeInTheDocument();
    expect(screen.queryByText('Preparing the purchase order…')).not.toBeInTheDocument();
    expect(screen.getByText(/could not be sent/)).toBeInTheDocument();
  });

  it('shows the generic message when the server cannot be reached', async () => {
    serve([chicken], { 'POST /api/v1/orders': () => jsonResponse(500, { message: 'boom', code: 'internal' }) });
    renderApp('/checkout-ordering/final-review');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }, LOAD));
    expect(await screen.findByRole('dialog', { name: 'Order not placed' })).toHaveTextContent(
      'Something went wrong while processing the order.',
    );
  });

  it('sends a buyer without a delivery date back to shipping and payment', async () => {
    updateChoices(531, { deliveryDate: '' });
    serve([chicken]);
    const view = renderApp('/checkout-ordering/final-review');
    await waitFor(() => expect(view.getPath()).toBe('/checkout-ordering/shipping-payment'));
  });
});
