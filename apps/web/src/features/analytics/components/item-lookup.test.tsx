import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ITEM_STATS_NO_PURCHASES,
  type AnalyticsItemStats,
  type AnalyticsLookupItem,
  type AnalyticsResponse,
} from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { cartResponse } from '../../../test/ordering-fixtures';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

// The first render loads the whole app: generous when the machine is busy (the default is 5 s).
vi.setConfig({ testTimeout: 20_000 });

const summary: AnalyticsResponse = {
  total_purchases: { total: 0, detail: { distributorData: [], categoryData: [] } },
  total_orders: { total: 0, detail: { distributorData: [] } },
  total_savings: { total: 0, detail: [] },
  start_date: '2026-01-01',
  end_date: '2026-12-31',
};

const offer = (id: number, description: string): AnalyticsLookupItem => ({
  itemDistributorId: id,
  merchantId: 1,
  distributorId: 7,
  description,
  brand: 'Gulf Shore Shrimp Co.',
  distributor: 'Sysco',
  price: 4800,
  unitMeasure: 'CS',
  packSize: '4/5 LB',
  imageUrl: '',
  brandImageUrl: '',
  isPurchased: id === 1,
  type: 'order_guide',
  din: `10${id}`,
});

const stats = (id: number): AnalyticsItemStats =>
  id === 1
    ? {
        itemData: {
          brand: 'Gulf Shore Shrimp Co.',
          name: 'Shrimp 16/20 P&D',
          average_price: 4800,
          best_price: 4650,
          unit_measure: 'CS',
          num_cases: 3,
          total_purchases: 14400,
        },
        statistics: { categories: ['2026-03-02'], series: [{ name: 'Average Price', data: [4800] }] },
        start_date: '2026-01-01',
        end_date: '2026-12-31',
      }
    : {
        itemData: {
          brand: 'Gulf Shore Shrimp Co.',
          name: 'Popcorn Shrimp',
          average_price: 0,
          best_price: 0,
          unit_measure: 'CS',
          num_cases: 0,
          total_purchases: 0,
        },
        statistics: { categories: [], series: [{ name: 'Average Price', data: [] }] },
        start_date: '2026-01-01',
        end_date: '2026-12-31',
      };

function serve() {
  return mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
    'GET /api/v1/shopping-carts': () => cartResponse([]),
    'GET /api/v1/analytics': () => jsonResponse(200, { data: summary }),
    'GET /api/v1/analytics/lookup': () =>
      jsonResponse(200, {
        data: [offer(1, 'Shrimp 16/20 P&D'), offer(2, 'Popcorn Shrimp')],
        _meta: { pageCount: 1, currentPage: 1, totalCount: 2 },
      }),
    'GET /api/v1/analytics/lookup/statistics': (request) =>
      jsonResponse(200, { data: stats(Number(request.query.get('item_distributor_id'))) }),
  });
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Item Lookup', () => {
  it("asks for the most relevant items of the page's period, and says when an item was not bought in it", async () => {
    const requests = serve();
    const user = userEvent.setup();
    renderApp('/analytics?filter=YEARLY');
    const search = await screen.findByRole('search', { name: 'Item Lookup' }, { timeout: 15_000 });
    await user.type(within(search).getByLabelText('Search items'), 'shrimp');
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    const unbought = await screen.findByRole('button', { name: 'Show Stats for Popcorn Shrimp (Sysco)' });
    const lookup = requests.find((r) => r.path === '/api/v1/analytics/lookup')!;
    expect(lookup.query.get('sort')).toBe('relevance');
    expect(lookup.query.get('filter_type')).toBe('YEARLY');

    await user.click(unbought);
    const dialog = await screen.findByRole('dialog', { name: 'Item Stats' });
    expect(await within(dialog).findByText(ITEM_STATS_NO_PURCHASES)).toBeInTheDocument();
    expect(within(dialog).queryByText('Average Price')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('$0.00')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close Item Stats' }));

    await user.click(screen.getByRole('button', { name: 'Show Stats for Shrimp 16/20 P&D (Sysco)' }));
    const bought = await screen.findByRole('dialog', { name: 'Item Stats' });
    expect(await within(bought).findByText('$144.00')).toBeInTheDocument();
    expect(within(bought).getByText('Number of Cases')).toBeInTheDocument();
    expect(within(bought).queryByText(ITEM_STATS_NO_PURCHASES)).not.toBeInTheDocument();
  });
});
