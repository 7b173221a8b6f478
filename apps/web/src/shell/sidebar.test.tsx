import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { harborExpress, harborGrill, makeUser } from '../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../test/fetch-mock';
import { DESKTOP_WIDTH, PHONE_WIDTH, renderApp, seedSession, setViewportWidth } from '../test/render-app';
import { STORAGE_KEYS } from '../lib/storage';

let requests: RecordedRequest[];

/** A server that remembers the active location, as the real one does. */
function serve(user = makeUser()) {
  let activeLocation = user.activeLocation;
  requests = mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: { ...user, activeLocation } }),
    'PUT /api/v1/users/7': (request) => {
      const body = request.body as { active_location_id: number };
      activeLocation = [harborGrill, harborExpress].find((l) => l.id === body.active_location_id) ?? null;
      return jsonResponse(200, { data: { ...user, activeLocation } });
    },
  });
}

async function findSidebar() {
  return within(await screen.findByRole('navigation', { name: 'Main menu' }));
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sidebar', () => {
  it('shows Inventories only for a location with the comparison view', async () => {
    const withComparison = makeUser();
    serve(withComparison);
    seedSession({ user: withComparison });
    const first = renderApp('/place-order/list');
    const sidebar = await findSidebar();
    expect(sidebar.getByRole('link', { name: 'Inventories' })).toHaveAttribute('href', '/inventory-view/inventories');
    expect(sidebar.getByRole('button', { name: 'What is Inventory View?' })).toBeInTheDocument();
    first.unmount();

    const withoutComparison = makeUser({ activeLocation: harborExpress });
    serve(withoutComparison);
    seedSession({ user: withoutComparison });
    renderApp('/place-order/list');
    const expressSidebar = await findSidebar();
    expect(expressSidebar.getByRole('link', { name: 'Place Order' })).toBeInTheDocument();
    expect(expressSidebar.queryByRole('link', { name: 'Inventories' })).not.toBeInTheDocument();
    expect(expressSidebar.queryByRole('link', { name: 'Accounting' })).not.toBeInTheDocument();
  });

  it('leaves the desktop-only links out on a phone', async () => {
    setViewportWidth(PHONE_WIDTH);
    serve();
    seedSession({ user: makeUser() });
    renderApp('/place-order/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const sidebar = await findSidebar();
    expect(sidebar.getByRole('link', { name: 'Order History' })).toBeInTheDocument();
    expect(sidebar.queryByRole('link', { name: 'Dashboard/Analytics' })).not.toBeInTheDocument();
    expect(sidebar.queryByRole('link', { name: 'POS' })).not.toBeInTheDocument();
  });

  it('switches the location and opens the new location’s default view', async () => {
    serve();
    seedSession({ user: makeUser() });
    const app = renderApp('/order-history');
    const sidebar = await findSidebar();
    // The restaurant's business names the location, not the platform company (issue 31).
    expect(sidebar.getByLabelText('Location')).toHaveAccessibleDescription('Harbor Restaurant Group');
    await userEvent.selectOptions(sidebar.getByLabelText('Location'), 'Harbor Grill Express');

    await waitFor(() => expect(app.getPath()).toBe('/place-order/list'));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ id: 7, active_location_id: 12 });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.activeLocation) ?? 'null')).toMatchObject({ id: 12 });
    expect(sidebar.getByLabelText('Location')).toHaveValue('12');
  });

  it('starts the welcome tour on the list view', async () => {
    serve();
    seedSession({ user: makeUser() });
    const app = renderApp('/help');
    const sidebar = await findSidebar();
    await userEvent.click(sidebar.getByRole('button', { name: 'Welcome Tour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Tour' });
    expect(dialog).toHaveTextContent('Step 1 of 4');
    await waitFor(() => expect(app.getPath()).toBe('/place-order/list'));
  });

  it('shows the cart with its count only where the location has a cart', async () => {
    serve(makeUser({ activeLocation: { ...harborGrill, display_shopping_cart: 0 } }));
    seedSession({ user: makeUser({ activeLocation: { ...harborGrill, display_shopping_cart: 0 } }) });
    const first = renderApp('/help');
    await findSidebar();
    expect(screen.queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
    first.unmount();

    serve();
    seedSession({ user: makeUser() });
    renderApp('/help');
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });
});
