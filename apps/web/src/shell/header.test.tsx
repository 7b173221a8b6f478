import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_SUGGESTION_DEBOUNCE_MS } from '@stockpot/domain';
import { makeUser } from '../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../test/fetch-mock';
import { cartResponse, distributors, itemsPage, makeListItem, readFilterOptions } from '../test/ordering-fixtures';
import { DESKTOP_WIDTH, PHONE_WIDTH, renderApp, seedSession, setViewportWidth } from '../test/render-app';

// Journeys of several steps: generous when the machine is busy (the default is 5 s).
vi.setConfig({ testTimeout: 20_000 });

const suggestions = [
  { itemDistributorId: 1, name: 'Salmon Fillet', brand: 'Bayside', distributor: 'Bayside Seafood', packSize: '1/10 LB' },
  { itemDistributorId: 2, name: 'Smoked Salmon', brand: 'Nordic', distributor: 'Harborline Foodservice', packSize: '4/2 LB' },
];

function serve(): RecordedRequest[] {
  return mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
    'GET /api/v1/shopping-carts': () => cartResponse([]),
    'GET /api/v1/items': () => itemsPage([makeListItem()]),
    'GET /api/v1/items/search-suggestions': () => jsonResponse(200, { data: suggestions }),
    'GET /api/v1/distributors': () => jsonResponse(200, { data: distributors }),
    'GET /api/v1/shopping-lists': () =>
      jsonResponse(200, { data: [{ id: 3, name: 'Bar', itemCount: 6, updatedAt: '2025-02-28T10:00:00.000Z' }] }),
    'GET /api/v1/orders/past-options': () =>
      jsonResponse(200, { data: [{ id: 77, createTimeDisplay: '02/28/2025', distributor: 'Harborline Foodservice' }] }),
  });
}

const listRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.path === '/api/v1/items');

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('header search', () => {
  it('is on for the list view only', async () => {
    serve();
    const app = renderApp('/order-history');
    await screen.findByRole('link', { name: 'Cart, 0 items' });
    expect(screen.getByRole('combobox', { name: 'Search items' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeDisabled();
    app.unmount();

    serve();
    renderApp('/place-order/list');
    expect(await screen.findByRole('combobox', { name: 'Search items' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeEnabled();
  });

  it('suggests after the debounce and searches the list with the chosen suggestion', async () => {
    const requests = serve();
    renderApp('/place-order/list');
    const box = await screen.findByRole('combobox', { name: 'Search items' });
    await userEvent.type(box, 'salm');

    const listbox = await screen.findByRole(
      'listbox',
      { name: 'Search suggestions' },
      { timeout: SEARCH_SUGGESTION_DEBOUNCE_MS * 4 },
    );
    const asked = requests.filter((r) => r.path === '/api/v1/items/search-suggestions');
    // One request for the settled text, not one per keystroke.
    expect(asked.map((r) => [r.query.get('search'), r.query.get('limit')])).toEqual([['salm', '10']]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(within(listbox).getAllByRole('option')).toHaveLength(2);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', within(listbox).getByRole('option', { name: /Smoked Salmon/ }).id);
    await userEvent.keyboard('{Enter}');

    expect(box).toHaveValue('Smoked Salmon');
    await waitFor(() =>
      expect(readFilterOptions(listRequests(requests).at(-1)!)).toMatchObject({ search: 'Smoked Salmon', sort: 'relevance' }),
    );
    expect(await screen.findByRole('heading', { name: 'Results for “Smoked Salmon”' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('relevance');
    expect(within(screen.getByLabelText('Sort by')).getByRole('option', { name: 'Sort by relevance' })).toBeInTheDocument();
  });

  it('searches the typed text on Enter when a suggestion is only under the pointer', async () => {
    const requests = serve();
    renderApp('/place-order/list');
    const box = await screen.findByRole('combobox', { name: 'Search items' });
    await userEvent.type(box, 'salm');
    const listbox = await screen.findByRole(
      'listbox',
      { name: 'Search suggestions' },
      { timeout: SEARCH_SUGGESTION_DEBOUNCE_MS * 4 },
    );
    // A row that comes up under a resting pointer is highlighted, but Enter keeps the typed text.
    await userEvent.hover(within(listbox).getByRole('option', { name: /Smoked Salmon/ }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(readFilterOptions(listRequests(requests).at(-1)!)).toMatchObject({ search: 'salm' }));
    expect(box).toHaveValue('salm');
  });

  it('searches the typed text on Enter and clears it again', async () => {
    const requests = serve();
    renderApp('/place-order/list');
    const box = await screen.findByRole('combobox', { name: 'Search items' });
    await userEvent.type(box, 'cream{Enter}');
    await waitFor(() => expect(readFilterOptions(listRequests(requests).at(-1)!)).toMatchObject({ search: 'cream' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    // Back to the whole list (already loaded once, so it comes from the cache).
    expect(await screen.findByRole('heading', { name: 'Your items' })).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(screen.getByLabelText('Sort by')).toHaveValue('most-purchased');
  });
});

describe('header back control and step bar (doc 1 §2 Header)', () => {
  it('goes back to the previous page of the visit, and home when the app opened on this page', async () => {
    serve();
    const app = renderApp('/place-order/list');
    await screen.findByRole('heading', { name: 'Your items' });
    expect(screen.queryByRole('navigation', { name: 'Checkout steps' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Cart, 0 items' }));
    // The step bar is in the header on a checkout step.
    const steps = await within(screen.getByRole('banner')).findByRole(
      'navigation',
      { name: 'Checkout steps' },
      { timeout: 10_000 },
    );
    expect(within(steps).getByRole('link', { name: /REVIEW ORDER/ })).toHaveAttribute('aria-current', 'step');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(app.getPath()).toBe('/place-order/list'));
    app.unmount();

    serve();
    const opened = renderApp('/checkout-ordering/review-order');
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(opened.getPath()).not.toBe('/checkout-ordering/review-order'));
  });

  it('on a phone keeps the search row and Filters for the list view only, leaving the title its room', async () => {
    setViewportWidth(PHONE_WIDTH);
    serve();
    const app = renderApp('/order-history');
    await screen.findByRole('link', { name: 'Cart, 0 items' });
    expect(screen.queryByRole('combobox', { name: 'Search items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
    app.unmount();
    serve();
    renderApp('/place-order/list');
    expect(await screen.findByRole('combobox', { name: 'Search items' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeEnabled();
  });
});

describe('filters modal', () => {
  it('applies the chosen filters, and Reset goes back to none', async () => {
    const requests = serve();
    renderApp('/place-order/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Filters' }));
    expect(dialog.getByRole('checkbox', { name: 'All Distributors' })).toBeChecked();
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Bar' }));
    expect(dialog.getByRole('checkbox', { name: 'All Shopping Lists' })).not.toBeChecked();
    await userEvent.click(dialog.getByRole('switch', { name: 'Purchased Items Only' }));
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Northeast Provisions' }));
    expect(dialog.getByRole('checkbox', { name: 'All Distributors' })).not.toBeChecked();
    await userEvent.click(await dialog.findByRole('checkbox', { name: '02/28/2025 · Harborline Foodservice' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(readFilterOptions(listRequests(requests).at(-1)!)).toEqual({
        sort: 'most-purchased',
        search: '',
        product: 'PURCHASED',
        distributorIds: [558],
        shoppingIds: [3],
        pastOrderIds: [77],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Filters' }));
    expect(dialog.getByRole('switch', { name: 'Purchased Items Only' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Reset' }));
    expect(dialog.getByRole('switch', { name: 'Purchased Items Only' })).not.toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'All Distributors' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Filters' }));
    expect(dialog.getByRole('switch', { name: 'Purchased Items Only' })).not.toBeChecked();
    expect(await dialog.findByRole('checkbox', { name: 'Northeast Provisions' })).not.toBeChecked();
    // The unfiltered list was the first one asked for.
    expect(readFilterOptions(listRequests(requests)[0])).toMatchObject({ product: 'ALL', distributorIds: [], pastOrderIds: [] });
  });
});

describe('filters modal: past orders', () => {
  it('offers a search once there are many past orders, keeping the chosen ones in view', async () => {
    const orders = Array.from({ length: 12 }, (_, i) => ({
      id: 100 + i,
      createTimeDisplay: `02/${String(i + 1).padStart(2, '0')}/2025`,
      distributor: i % 3 === 0 ? 'Bayside Seafood' : 'Harborline Foodservice',
    }));
    mockFetch({
      'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
      'GET /api/v1/shopping-carts': () => cartResponse([]),
      'GET /api/v1/items': () => itemsPage([makeListItem()]),
      'GET /api/v1/distributors': () => jsonResponse(200, { data: distributors }),
      'GET /api/v1/shopping-lists': () => jsonResponse(200, { data: [] }),
      'GET /api/v1/orders/past-options': () => jsonResponse(200, { data: orders }),
    });
    renderApp('/place-order/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Filters' }));
    await dialog.findByRole('checkbox', { name: '02/12/2025 · Harborline Foodservice' });
    await userEvent.click(dialog.getByRole('checkbox', { name: '02/02/2025 · Harborline Foodservice' }));
    await userEvent.type(dialog.getByLabelText('Search past orders'), 'bayside');
    const past = within(dialog.getByRole('group', { name: 'Past Orders' }));
    // 4 Bayside orders and the chosen Harborline one.
    expect(past.getAllByRole('checkbox')).toHaveLength(5);
    expect(past.getByRole('checkbox', { name: '02/02/2025 · Harborline Foodservice' })).toBeChecked();
    await userEvent.clear(dialog.getByLabelText('Search past orders'));
    await userEvent.type(dialog.getByLabelText('Search past orders'), 'nothing like it');
    expect(past.getAllByRole('checkbox')).toHaveLength(1);
    await userEvent.click(past.getByRole('checkbox', { name: '02/02/2025 · Harborline Foodservice' }));
    expect(past.getByText('No past orders match “nothing like it”')).toBeInTheDocument();
  });

  it('shows no search box for a few past orders', async () => {
    serve();
    renderApp('/place-order/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Filters' }));
    await dialog.findByRole('checkbox', { name: '02/28/2025 · Harborline Foodservice' });
    expect(dialog.queryByLabelText('Search past orders')).not.toBeInTheDocument();
  });
});
