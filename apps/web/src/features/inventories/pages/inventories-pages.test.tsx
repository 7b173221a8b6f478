import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryDetail, PastInventory } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

const completed: PastInventory = {
  id: 5,
  start_date: '2026-10-01',
  completed_date: '2026-10-02',
  total_on_hand_value: 4800,
  unitMeasure: 'USD',
  file_url: '/api/v1/inventory/spreadsheet?id=5',
  status: 'completed',
};

const item = (id: number, description: string, onHand: number) => ({
  id,
  description,
  distributor: 'Harborline',
  price: 2400,
  unitMeasure: 'CS',
  packSize: '1/10 LB',
  customPackSize: null,
  packSizeUom: 'LB',
  unitQuantity: 1,
  unitSize: 10,
  onHand,
  onHandPack: 0,
  onHandUom: 0,
  totalOnHand: onHand,
  totalOnHandAmount: onHand * 2400,
  inventoryId: 5,
  itemId: id,
  genericGroupId: 30,
  comparisonViewId: 3,
});

function detail(inventory: PastInventory, missingOnly: boolean): InventoryDetail {
  const items = [item(1, 'Shallots, cash & carry', 2), item(2, 'Shallots, farmers market', 0)].filter(
    (i) => !missingOnly || i.onHand === 0,
  );
  return {
    inventory,
    comparisonViews: [
      {
        id: 3,
        name: 'Walk-in',
        totalOnHandAmount: 4800,
        groups: [
          {
            id: 30,
            name: 'Shallots',
            comparisonViewId: 3,
            totalOnHandAmount: 4800,
            purchased: 0,
            comparisonViewTotalOnHandAmount: 4800,
            items,
          },
        ],
      },
    ],
  };
}

let requests: RecordedRequest[];

function serve(title: string, inventories: PastInventory[] = [completed]) {
  let current = inventories[0];
  requests = mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser({ title }) }),
    'GET /api/v1/inventory': () =>
      jsonResponse(200, { data: inventories, _meta: { pageCount: 1, currentPage: 1, totalCount: inventories.length } }),
    'GET /api/v1/inventory/5': (request) =>
      jsonResponse(200, { data: detail(current, request.query.get('missingOnHand') === '1') }),
    'POST /api/v1/inventory/5/reopen': () => {
      current = { ...completed, status: 'active', completed_date: null };
      return jsonResponse(200, { data: current });
    },
  });
}

beforeEach(() => setViewportWidth(DESKTOP_WIDTH));
afterEach(() => vi.unstubAllGlobals());

describe('past inventories', () => {
  it('lists start date, complete date and value with View and Download', async () => {
    seedSession({ user: makeUser() });
    serve('Owner');
    renderApp('/inventory-view/inventories');
    const table = await screen.findByRole('table', { name: 'Past inventories' });
    const row = within(table).getByRole('row', { name: /10\/01\/2026/ });
    expect(row).toHaveTextContent('10/02/2026');
    expect(row).toHaveTextContent('$48.00');
    expect(within(row).getByRole('link', { name: 'View the inventory of 10/01/2026' })).toHaveAttribute(
      'href',
      '/inventory-view/inventories-detail?id=5',
    );
    expect(within(row).getByRole('button', { name: 'Download the inventory of 10/01/2026' })).toBeEnabled();
    expect(requests.find((r) => r.path === '/api/v1/inventory')!.query.get('limit')).toBe('12');
  });

  it("says 'You have no inventory.' when there is none", async () => {
    seedSession({ user: makeUser() });
    serve('Owner', []);
    renderApp('/inventory-view/inventories');
    expect(await screen.findByText('You have no inventory.')).toBeInTheDocument();
  });
});

describe('inventory detail', () => {
  it('filters to items with missing on hand value', async () => {
    seedSession({ user: makeUser() });
    serve('Owner');
    renderApp('/inventory-view/inventories-detail?id=5');
    const group = await screen.findByRole('region', { name: 'Shallots' });
    expect(within(group).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(screen.getByLabelText('Show only items with missing on hand value'));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Shallots' })).getAllByRole('row')).toHaveLength(2));
    expect(requests.some((r) => r.path === '/api/v1/inventory/5' && r.query.get('missingOnHand') === '1')).toBe(true);
  });

  it('keeps Reopen disabled without the owner title, with the reason', async () => {
    seedSession({ user: makeUser({ title: 'Chef' }) });
    serve('Chef');
    renderApp('/inventory-view/inventories-detail?id=5');
    await screen.findByRole('region', { name: 'Shallots' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reopen' })).toBeDisabled());
    expect(screen.getByText('Only users with the owner title can reopen inventories.')).toBeInTheDocument();
  });

  it('lets the owner reopen; the toggle turns to Complete', async () => {
    seedSession({ user: makeUser() });
    serve('Owner');
    renderApp('/inventory-view/inventories-detail?id=5');
    await screen.findByRole('region', { name: 'Shallots' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reopen' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByRole('button', { name: 'Complete' })).toBeEnabled();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/inventory/5/reopen')).toBe(true);
  });
});
