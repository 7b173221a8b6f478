import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

const member = makeUser();
const starts = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`);
const group = (id: number, name: string, prices: (number | null)[]) => ({
  id,
  name,
  unitId: 2,
  units: [
    { id: 1, name: 'case' },
    { id: 2, name: 'lb' },
  ],
  analytics: starts.map((startDate, i) => ({ startDate, price: prices[i] ?? null })),
});

beforeEach(() => setViewportWidth(DESKTOP_WIDTH));
afterEach(() => vi.unstubAllGlobals());

describe('/place-order/inventory/analytics', () => {
  it("charts each group's price by MM/YY month and says 'No Data Found!' for a group never ordered", async () => {
    const requests = mockFetch({
      'GET /api/v1/users/current-user': () => jsonResponse(200, { data: member }),
      'GET /api/v1/comparison-views/all-views': () => jsonResponse(200, { data: [{ id: 7, name: 'Kitchen' }] }),
      'GET /api/v1/comparison-views/7/groups': () =>
        jsonResponse(200, {
          data: [group(1, 'Chicken breast', [8995, null, 9120]), group(2, 'Saffron', [])],
          _meta: { totalCount: 2, pageCount: 1, currentPage: 1, perPage: 200 },
        }),
    });
    seedSession({ user: member });
    renderApp('/place-order/inventory/analytics');

    const chicken = await screen.findByRole('region', { name: 'Chicken breast' });
    const label = within(chicken).getByRole('img').getAttribute('aria-label');
    expect(label).toContain('Average price paid per lb, by month:');
    expect(label).toContain('01/26 $89.95, 02/26 none, 03/26 $91.20');
    expect(within(screen.getByRole('region', { name: 'Saffron' })).getByText('No Data Found!')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/comparison-views/7/groups')?.query.get('analytics')).toBe('1');
  });
});
