import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { INVENTORY_PAGE_SIZE_MOBILE, type GenericGroup } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { PHONE_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

const member = makeUser();
const LIST_ID = 7;
const GROUP_COUNT = INVENTORY_PAGE_SIZE_MOBILE + 2;

const group = (id: number): GenericGroup => ({
  id,
  comparisonViewId: LIST_ID,
  name: `Group ${String(id).padStart(3, '0')}`,
  systemComparisonGroupId: null,
  sort: id,
  parLevel: 0,
  expand: true,
  purchased: 0,
  totalOnHandAmount: 100,
  totalOnHand: 1,
  belongsToRecipe: false,
  unitId: 1,
  units: [],
  items: [],
  orderToPar: null,
});

/** jsdom lays nothing out: the page's height and scroll position are set by hand. */
function setPage(scrollHeight: number, scrollY: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: scrollY });
  Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: 800 });
}

beforeEach(() => {
  setViewportWidth(PHONE_WIDTH);
  setPage(5000, 0);
});
afterEach(() => vi.unstubAllGlobals());

describe('/place-order/inventory paging (doc 2 §9: 25 groups a page on a phone)', { timeout: 120_000 }, () => {
  it('shows the first 25 groups with the list total, and loads the rest when scrolled within 600 px of the bottom', async () => {
    const all = Array.from({ length: GROUP_COUNT }, (_, i) => group(i + 1));
    const requests = mockFetch({
      'GET /api/v1/users/current-user': () => jsonResponse(200, { data: member }),
      'GET /api/v1/comparison-views/all-views': () => jsonResponse(200, { data: [{ id: LIST_ID, name: 'Kitchen' }] }),
      [`GET /api/v1/comparison-views/${LIST_ID}/groups`]: (request) => {
        const page = Number(request.query.get('page'));
        const limit = Number(request.query.get('limit'));
        return jsonResponse(200, {
          data: all.slice((page - 1) * limit, page * limit),
          _meta: { totalCount: all.length, pageCount: Math.ceil(all.length / limit), currentPage: page },
        });
      },
      [`GET /api/v1/comparison-views/${LIST_ID}/groups/1/totals`]: () =>
        jsonResponse(200, {
          data: {
            totalOnHandAmount: 100,
            totalOnHand: 1,
            purchased: 0,
            comparisonViewTotalOnHandAmount: GROUP_COUNT * 100,
            allComparisonViewTotalOnHandAmount: GROUP_COUNT * 100,
          },
        }),
    });
    seedSession({ user: member });
    renderApp('/place-order/inventory');

    // Text queries: role queries over a page of group cards are slow in jsdom.
    expect(await screen.findByText('Group 025', {}, { timeout: 45_000 })).toBeInTheDocument();
    expect(screen.queryByText('Group 026')).not.toBeInTheDocument();
    expect(screen.getByText(`Showing 25 of ${GROUP_COUNT} generic groups`)).toBeInTheDocument();
    // The view names itself as the list view does, not as the page before it (sign-in) did.
    expect(document.title).toBe('Place Order · Stockpot');
    // The whole list's value, not the first page's.
    expect(await screen.findByText('$27.00')).toBeInTheDocument();

    // 700 px from the bottom: nothing yet; the button is the keyboard's way to the next page.
    setPage(5000, 3500);
    fireEvent.scroll(window);
    expect(screen.getByRole('button', { name: 'Load more generic groups' })).toBeInTheDocument();
    expect(screen.queryByText('Group 026')).not.toBeInTheDocument();
    // 500 px from the bottom (doc 2 §9: 600 px): the next page loads without a click.
    setPage(5000, 3700);
    fireEvent.scroll(window);
    expect(await screen.findByText(`Group 0${GROUP_COUNT}`)).toBeInTheDocument();
    expect(screen.queryByText('Load more generic groups')).not.toBeInTheDocument();
    const pages = requests.filter((r) => r.path === `/api/v1/comparison-views/${LIST_ID}/groups`);
    expect(pages.map((r) => [r.query.get('page'), r.query.get('limit')])).toEqual([
      ['1', '25'],
      ['2', '25'],
    ]);
  });
});
