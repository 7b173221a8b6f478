import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AnalyticsDetailRow, AnalyticsOrderRow, AnalyticsResponse } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { cartResponse } from '../../../test/ordering-fixtures';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

// The first render loads the whole app: generous when the machine is busy (the default is 5 s).
vi.setConfig({ testTimeout: 20_000 });

const summary: AnalyticsResponse = {
  total_purchases: {
    total: 4500,
    detail: {
      distributorData: [{ distributor: 'Sysco', total: 4500, distributor_id: 7, color: '#123456' }],
      categoryData: [{ category: 'Dairy', total: 4500, color: '#654321' }],
    },
  },
  total_orders: {
    total: 1,
    detail: { distributorData: [{ distributor: 'Sysco', total: 1, distributor_id: 7, color: '#123456' }] },
  },
  total_savings: { total: 0, detail: [] },
  start_date: '2026-11-02',
  end_date: '2026-11-08',
};
const order: AnalyticsOrderRow = {
  order_id: 1001,
  order_date: '2026-11-03',
  delivery_date: '2026-11-05',
  distributor: 'Sysco',
  line_items: 4,
  tot_amount: 4500,
  status: 'submitted',
};
const purchase: AnalyticsDetailRow = {
  item_distributor_id: 5,
  name: 'Heavy cream',
  distributor: 'Sysco',
  distributor_id: 7,
  pack_size: '12/1 QT',
  total_quantity: 3,
  unit_measure: 'CS',
  tot_spent: 4500,
  average_price: 1500,
  best_price: 1400,
  image_url: '',
};

function serve(section: 'order' | 'purchase', rows: unknown[]) {
  mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
    'GET /api/v1/shopping-carts': () => cartResponse([]),
    'GET /api/v1/analytics': () => jsonResponse(200, { data: summary }),
    'GET /api/v1/analytics/detail': (request) =>
      jsonResponse(200, {
        data: request.query.get('section') === section ? rows : [],
        _meta: { pageCount: 1, currentPage: 1, totalCount: rows.length },
      }),
  });
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('analytics detail tables', () => {
  it('lists the orders of the range under Total Orders', async () => {
    serve('order', [order]);
    renderApp('/analytics/total-orders');
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(await within(table).findByRole('cell', { name: '1001' })).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
  });

  it('lists the purchased items under Total Purchases, with how many of how many', async () => {
    serve('purchase', [purchase]);
    renderApp('/analytics/total-purchases');
    const table = await screen.findByRole('table', { name: 'Purchased items' });
    expect(await within(table).findByRole('cell', { name: 'Heavy cream' })).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(8);
    expect(screen.getByText('Showing 1 of 1')).toBeInTheDocument();
  });
});
