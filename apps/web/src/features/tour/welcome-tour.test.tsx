import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { cartResponse, itemsPage, makeListItem } from '../../test/ordering-fixtures';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../test/render-app';

// Journeys of several steps: generous when the machine is busy (the default is 5 s).
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
  mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
    'GET /api/v1/shopping-carts': () => cartResponse([]),
    'GET /api/v1/items': () => itemsPage([makeListItem()]),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function startTour() {
  const sidebar = within(await screen.findByRole('navigation', { name: 'Main menu' }));
  await userEvent.click(sidebar.getByRole('button', { name: 'Welcome Tour' }));
  return screen.findByRole('dialog', { name: 'Welcome Tour' });
}

describe('welcome tour', () => {
  it('opens the list view and walks steps 1 to 4, wrapping to 1 after 4', async () => {
    const app = renderApp('/help');
    const tour = await startTour();
    await waitFor(() => expect(app.getPath()).toBe('/place-order/list'));
    expect(tour).toHaveTextContent('Step 1 of 4');
    expect(tour).toHaveTextContent('Search items');
    // The step's target is lit up.
    await waitFor(() => expect(document.querySelector('[data-tour-target="search"]')).toHaveAttribute('data-tour-highlight'));

    const next = within(tour).getByRole('button', { name: 'Next' });
    await userEvent.click(next);
    expect(tour).toHaveTextContent('Step 2 of 4');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('data-tour-highlight'));
    await userEvent.click(next);
    expect(tour).toHaveTextContent('Step 3 of 4');
    await waitFor(() => expect(document.querySelector('[data-tour-target="add"]')).toHaveAttribute('data-tour-highlight'));
    await userEvent.click(next);
    expect(tour).toHaveTextContent('Step 4 of 4');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('data-tour-highlight'));
    await userEvent.click(next);
    expect(tour).toHaveTextContent('Step 1 of 4');
  });

  it('Skip ends the tour and the next one starts at step 1', async () => {
    renderApp('/place-order/list');
    let tour = await startTour();
    await userEvent.click(within(tour).getByRole('button', { name: 'Next' }));
    await userEvent.click(within(tour).getByRole('button', { name: 'Next' }));
    expect(tour).toHaveTextContent('Step 3 of 4');
    await userEvent.click(within(tour).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome Tour' })).not.toBeInTheDocument());
    expect(document.querySelector('[data-tour-highlight]')).toBeNull();

    tour = await startTour();
    expect(tour).toHaveTextContent('Step 1 of 4');
  });
});
