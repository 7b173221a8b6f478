import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { getGettingStarted } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { cartResponse, itemsPage } from '../../../test/ordering-fixtures';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the place-order list of a location with no order guide yet (issue 31)', () => {
  it('names its distributors, each with a way to its upload, and the Get started checklist', async () => {
    const gettingStarted = getGettingStarted({
      distributors: [
        { id: 531, nickname: 'Sysco', hasOrderGuide: false, hasDeliveryDays: true },
        { id: 612, nickname: 'Hill Country Produce', hasOrderGuide: false, hasDeliveryDays: true },
      ],
      hasOrders: false,
    });
    mockFetch({
      'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
      'GET /api/v1/shopping-carts': () => cartResponse([]),
      'GET /api/v1/items': () => itemsPage([]),
      'GET /api/v1/getting-started': () => jsonResponse(200, { data: gettingStarted }),
    });
    renderApp('/place-order/list');

    expect(await screen.findByRole('heading', { name: 'Your items will show here' })).toBeInTheDocument();
    expect(screen.queryByText('Sorry, there are no exact match results found')).not.toBeInTheDocument();
    const distributors = within(screen.getByRole('list', { name: 'Your distributors' }));
    expect(distributors.getByRole('link', { name: 'Upload order guide for Sysco' })).toHaveAttribute(
      'href',
      '/distributor/531#upload-order-guide',
    );
    expect(distributors.getByRole('link', { name: 'Upload order guide for Hill Country Produce' })).toHaveAttribute(
      'href',
      '/distributor/612#upload-order-guide',
    );

    const checklist = within(screen.getByRole('region', { name: 'Get started' }));
    expect(checklist.getByText('2 of 4 done')).toBeInTheDocument();
    const items = checklist.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Add your distributors (done)',
      'Upload an order guide for each distributor (to do)',
      'Set delivery days (done)',
      'Place your first order (to do)',
    ]);
    // A step to do leads to where it is done: here, the first distributor's upload.
    expect(checklist.getByRole('link', { name: 'Upload an order guide for each distributor' })).toHaveAttribute(
      'href',
      '/distributor/531#upload-order-guide',
    );
    expect(checklist.queryByRole('link', { name: 'Set delivery days' })).not.toBeInTheDocument();
  });
});
