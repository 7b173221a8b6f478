import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GenericGroup } from '@stockpot/domain';
import { makeUser } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const member = makeUser();
const LIST_ID = 7;
const chicken: GenericGroup = {
  id: 1,
  comparisonViewId: LIST_ID,
  name: 'Chicken breast',
  systemComparisonGroupId: null,
  sort: 1,
  parLevel: 0,
  expand: true,
  purchased: 0,
  totalOnHandAmount: 0,
  totalOnHand: 0,
  belongsToRecipe: false,
  unitId: 1,
  units: [],
  items: [],
  orderToPar: null,
};

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: member });
  mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: member }),
    'GET /api/v1/shopping-carts': () => jsonResponse(200, { data: [] }),
    'GET /api/v1/comparison-views/all-views': () => jsonResponse(200, { data: [{ id: LIST_ID, name: 'Kitchen' }] }),
    [`GET /api/v1/comparison-views/${LIST_ID}/groups`]: () =>
      jsonResponse(200, { data: [chicken], _meta: { totalCount: 1, pageCount: 1, currentPage: 1 } }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const highlighted = (target: string) =>
  waitFor(() => expect(document.querySelector(`[data-tour-target="${target}"]`)).toHaveAttribute('data-tour-highlight'));

describe("'What is Inventory View?' (doc 2 §2: a 6-step tutorial)", () => {
  it('opens the inventory view from the sidebar, walks six steps over its controls and ends with Done', async () => {
    const app = renderApp('/help');
    const sidebar = within(await screen.findByRole('navigation', { name: 'Main menu' }));
    await userEvent.click(sidebar.getByRole('button', { name: 'What is Inventory View?' }));
    const tour = await screen.findByRole('dialog', { name: 'What is Inventory View?' });
    await waitFor(() => expect(app.getPath()).toBe('/place-order/inventory'));
    expect(tour).toHaveTextContent('Step 1 of 6');
    expect(tour).toHaveTextContent('Your inventory lists');
    await highlighted('inventory-list');

    const next = () => userEvent.click(within(tour).getByRole('button', { name: /^(Next|Done)$/ }));
    await next();
    expect(tour).toHaveTextContent('Step 2 of 6');
    await highlighted('inventory-search');
    await next();
    expect(tour).toHaveTextContent('Step 3 of 6');
    await highlighted('inventory-group');
    await next();
    await next();
    expect(tour).toHaveTextContent('Step 5 of 6');
    await highlighted('inventory-add-group');
    await next();
    expect(tour).toHaveTextContent('Step 6 of 6');
    await highlighted('inventory-actions');
    // The last step ends the tutorial instead of wrapping like the welcome tour.
    expect(within(tour).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await userEvent.click(within(tour).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'What is Inventory View?' })).not.toBeInTheDocument());
    expect(document.querySelector('[data-tour-highlight]')).toBeNull();
  });
});
