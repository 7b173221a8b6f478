import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GenericGroup, LinkCandidate } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const member = makeUser();
const LIST_ID = 7;
const GROUP_ID = 3;
const group: GenericGroup = {
  id: GROUP_ID,
  comparisonViewId: LIST_ID,
  name: 'Parsley',
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
const candidate = (id: number, distributor: string, isLinked = false): LinkCandidate => ({
  itemDistributorId: id,
  name: `Herb Parsley ${id}`,
  din: `P${id}`,
  brand: 'Green',
  distributor,
  packSize: '1/1 BU',
  price: 250,
  isLinked,
});
const distributor = (id: number, nickname: string) => ({
  id,
  nickname,
  minOrderAmount: 0,
  skipMinOrder: false,
  isMinOrderAmountRequired: false,
  isDelivery: 1,
  deliveryDates: [],
  acceptCC: 1,
});

let requests: RecordedRequest[];
let linked: unknown;

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: member });
  linked = null;
  requests = mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: member }),
    'GET /api/v1/comparison-views/all-views': () => jsonResponse(200, { data: [{ id: LIST_ID, name: 'Kitchen' }] }),
    [`GET /api/v1/comparison-views/${LIST_ID}/groups`]: () =>
      jsonResponse(200, { data: [group], _meta: { totalCount: 1, pageCount: 1, currentPage: 1 } }),
    [`GET /api/v1/comparison-views/${LIST_ID}/groups/${GROUP_ID}/search-items`]: (request) => {
      // Filtered by the second distributor: only its offers.
      const rows =
        request.query.get('distributor_ids') === '22'
          ? [candidate(202, 'Coastal'), candidate(203, 'Coastal')]
          : [candidate(101, 'Harbor Foods', true), candidate(102, 'Harbor Foods'), candidate(202, 'Coastal')];
      return jsonResponse(200, { data: rows, _meta: { totalCount: rows.length, pageCount: 1, currentPage: 1 } });
    },
    'GET /api/v1/distributors': () => jsonResponse(200, { data: [distributor(11, 'Harbor Foods'), distributor(22, 'Coastal')] }),
    'GET /api/v1/orders/past-options': () => jsonResponse(200, { data: [] }),
    'GET /api/v1/shopping-lists': () => jsonResponse(200, { data: [] }),
    [`POST /api/v1/comparison-views/${LIST_ID}/groups/${GROUP_ID}/items`]: (request) => {
      linked = request.body;
      return jsonResponse(200, { data: group });
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('Add/Link items: Filters panel and Link All Items (doc 2 §2 "Dialogs")', () => {
  it('narrows the search by distributor with Apply, ticks every result shown with Link All Items and links them', async () => {
    renderApp('/place-order/inventory');
    await userEvent.click(await screen.findByRole('button', { name: 'Add item to Parsley' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add/Link items to Parsley' });
    expect(await within(dialog).findByRole('checkbox', { name: /Herb Parsley 102/ })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Filters' }));
    const panel = within(dialog).getByRole('group', { name: 'Filters' });
    await userEvent.click(await within(panel).findByRole('checkbox', { name: 'Coastal' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('checkbox', { name: /Herb Parsley 203/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /Herb Parsley 102/ })).not.toBeInTheDocument();
    const searches = requests.filter((r) => r.path.endsWith('/search-items'));
    expect(searches.at(-1)!.query.get('distributor_ids')).toBe('22');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Link All Items' }));
    expect(within(dialog).getByRole('checkbox', { name: /Herb Parsley 202/ })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Link All Items' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link 2 items' }));
    await waitFor(() => expect(linked).toEqual({ items: [202, 203], subrecipes: [] }));
  });
});
