import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMoney, type ChainSummary, type ChainVarianceRow } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { cartResponse } from '../../../test/ordering-fixtures';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

// The first render loads the whole app: generous when the machine is busy (the default is 5 s).
vi.setConfig({ testTimeout: 20_000 });

const location = (locationId: number, name: string, totalPurchases: number, totalOrders: number, totalSavings: number) => ({
  locationId,
  name,
  startDate: '2026-11-23',
  endDate: '2026-11-25',
  totalPurchases,
  totalOrders,
  totalSavings,
});
const summary: ChainSummary = {
  totals: { totalPurchases: 300_050, totalOrders: 7, totalSavings: 1_234 },
  locations: [location(1, 'Harbor Grill', 100_025, 5, 1_000), location(2, 'Harbor Grill Express', 200_025, 2, 234)],
};
const row: ChainVarianceRow = {
  itemDistributorId: 9,
  name: 'Heavy cream',
  distributor: 'Sysco',
  din: '123456',
  packSize: '12/1 QT',
  lowestUnitPrice: 100_000,
  lowestLocationId: 1,
  highestUnitPrice: 125_000,
  highestLocationId: 2,
  quantity: 5,
  totalPaid: 6_000,
  wouldHaveSaved: 1_000,
  unit: 'CS',
  unitsBought: 5,
  costAtLowest: 5_000,
  offers: [
    { itemDistributorId: 9, name: 'Heavy cream', distributor: 'Sysco', din: '123456', packSize: '12/1 QT', locationIds: [1, 2] },
  ],
};
// Matched equivalents: two offers in different packs, compared per FL OZ.
const equivalents: ChainVarianceRow = {
  itemDistributorId: 21,
  name: 'Canola oil 6/3 L',
  distributor: 'US Foods',
  din: 'C-63',
  packSize: '6/3 L',
  lowestUnitPrice: 986,
  lowestLocationId: 2,
  highestUnitPrice: 1_035,
  highestLocationId: 1,
  quantity: 4,
  totalPaid: 22_540,
  wouldHaveSaved: 446,
  unit: 'FL OZ',
  unitsBought: 2241.3,
  costAtLowest: 22_094,
  offers: [
    {
      itemDistributorId: 21,
      name: 'Canola oil 6/3 L',
      distributor: 'US Foods',
      din: 'C-63',
      packSize: '6/3 L',
      locationIds: [2],
    },
    {
      itemDistributorId: 20,
      name: 'Canola oil 4/1 GAL',
      distributor: 'Sysco',
      din: 'C-41',
      packSize: '4/1 GAL',
      locationIds: [1],
    },
  ],
};

type StockHandler = Parameters<typeof mockFetch>[0][string];

function serve(summaryStatus = 200, stock: StockHandler = () => jsonResponse(200, { data: [] })) {
  return mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
    'GET /api/v1/shopping-carts': () => cartResponse([]),
    'GET /api/v1/chain/summary': () =>
      summaryStatus === 200
        ? jsonResponse(200, { data: summary })
        : jsonResponse(summaryStatus, {
            message: 'The chain view compares two or more locations; you belong to one.',
            code: 'forbidden',
          }),
    'GET /api/v1/chain/price-variance': () =>
      jsonResponse(200, { data: [row, equivalents], _meta: { pageCount: 1, currentPage: 1, totalCount: 2 } }),
    'GET /api/v1/chain/stock': stock,
  });
}

/** The row headers of a table, top to bottom (the footer's last). */
const rowHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: makeUser() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/chain', () => {
  it('shows each location, a Total row that adds them up, and sorts by a column', async () => {
    serve();
    renderApp('/chain');
    const table = await screen.findByRole('table', { name: 'Locations' });
    await within(table).findByRole('rowheader', { name: 'Harbor Grill' });
    const names = () => rowHeaders(table);
    // Purchases, biggest first by default; the footer row is the sum of the rows.
    expect(names()).toEqual(['Harbor Grill Express', 'Harbor Grill', 'Group total']);
    expect(within(table).getByText(formatMoney(100_025 + 200_025), { selector: 'tfoot th' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Sort by Total Orders' }));
    expect(names()).toEqual(['Harbor Grill', 'Harbor Grill Express', 'Group total']);

    const variance = screen.getByRole('table', { name: 'Price variance' });
    const item = await within(variance).findByRole('rowheader', { name: /Heavy cream/ });
    const cells = within(item.closest('tr')!).getAllByRole('cell');
    // Would have saved = Paid − At lowest, At lowest = Bought × Lowest: $60.00 − 5 × $10.00 = $10.00.
    expect(cells.map((c) => c.textContent)).toEqual([
      '$10.0000 / CSHarbor Grill',
      '$12.5000 / CSHarbor Grill Express',
      '5 CS',
      '$60.00',
      '$50.00',
      '$10.00',
      expect.any(String),
    ]);
    expect(row.totalPaid - row.costAtLowest).toBe(row.wouldHaveSaved);
    expect(within(item).queryByText(/offers/)).not.toBeInTheDocument();

    // Equivalents: one row, prices per FL OZ with the unit, and the offers it groups.
    const oil = within(variance).getByRole('rowheader', { name: /Canola oil 6\/3 L/ });
    expect(within(oil).getByText('2 offers')).toBeInTheDocument();
    expect(within(oil).getByText('also Sysco · C-41 · 4/1 GAL')).toBeInTheDocument();
    expect(
      within(oil.closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '$0.0986 / FL OZHarbor Grill Express',
      '$0.1035 / FL OZHarbor Grill',
      '2,241.3 FL OZ',
      formatMoney(22_540),
      formatMoney(22_094),
      formatMoney(446),
      expect.any(String),
    ]);
    // Recomputable from the cells: Paid − At lowest, and At lowest ≈ Bought × Lowest (to the rounding of the unit price).
    expect(equivalents.totalPaid - equivalents.costAtLowest).toBe(equivalents.wouldHaveSaved);
    expect(Math.abs((equivalents.unitsBought * equivalents.lowestUnitPrice) / 100 - equivalents.costAtLowest)).toBeLessThan(
      equivalents.unitsBought / 200 + 1,
    );
    expect(await screen.findByText('No inventory group is shared by name across your locations yet.')).toBeInTheDocument();
  });

  it('pages the stock table, a page of shared groups at a time', async () => {
    const group = (name: string, value: number) => ({
      name,
      locations: [
        { locationId: 1, groups: 1, onHandValue: value, isBelowPar: false },
        { locationId: 2, groups: 1, onHandValue: value, isBelowPar: true },
      ],
      totalOnHandValue: 2 * value,
      belowParLocations: 1,
    });
    const requests = serve(200, (request) => {
      const page = Number(request.query.get('page'));
      const data = page === 2 ? [group('Lemons', 300)] : [group('Cream', 100)];
      return jsonResponse(200, { data, _meta: { pageCount: 2, currentPage: page, totalCount: 2 } });
    });
    renderApp('/chain');
    const table = await screen.findByRole('table', { name: 'Stock across locations' });
    expect(await within(table).findByRole('rowheader', { name: 'Cream' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stock page 2' }));
    expect(await within(table).findByRole('rowheader', { name: 'Lemons' })).toBeInTheDocument();
    const asked = requests.filter((r) => r.path === '/api/v1/chain/stock').map((r) => r.query.get('page'));
    expect(asked).toEqual(['1', '2']);
    expect(requests.find((r) => r.path === '/api/v1/chain/stock')?.query.get('limit')).toBe('20');
  });

  it("pages a large group: 25 locations a page and in the chart, 6 stock columns, the rest of an item's offers on demand", async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      location(i + 1, `Site ${String(i + 1).padStart(2, '0')}`, 1_000 * (i + 1), i + 1, 10 * (i + 1)),
    );
    const sum = (key: 'totalPurchases' | 'totalOrders' | 'totalSavings') => many.reduce((n, l) => n + l[key], 0);
    const large: ChainSummary = {
      totals: { totalPurchases: sum('totalPurchases'), totalOrders: sum('totalOrders'), totalSavings: sum('totalSavings') },
      locations: many,
    };
    const offers = Array.from({ length: 6 }, (_, i) => ({ ...row.offers[0], itemDistributorId: 100 + i, din: `D-${i}` }));
    mockFetch({
      'GET /api/v1/users/current-user': () => jsonResponse(200, { data: makeUser() }),
      'GET /api/v1/shopping-carts': () => cartResponse([]),
      'GET /api/v1/chain/summary': () => jsonResponse(200, { data: large }),
      'GET /api/v1/chain/price-variance': () =>
        jsonResponse(200, { data: [{ ...row, offers }], _meta: { pageCount: 1, currentPage: 1, totalCount: 1 } }),
      'GET /api/v1/chain/stock': () =>
        jsonResponse(200, {
          data: [
            {
              name: 'Cream',
              locations: many.map((l) => ({ locationId: l.locationId, groups: 1, onHandValue: 100, isBelowPar: false })),
              totalOnHandValue: 100 * many.length,
              belowParLocations: 0,
            },
          ],
          _meta: { pageCount: 1, currentPage: 1, totalCount: 1 },
        }),
    });
    renderApp('/chain');
    const table = await screen.findByRole('table', { name: 'Locations' });
    await within(table).findByRole('rowheader', { name: 'Site 30' });
    const names = () => rowHeaders(table);
    // Biggest purchases first: sites 30 … 6 on page 1, then 5 … 1; the total adds up all 30 on both.
    expect(names()).toHaveLength(26);
    expect(names().at(-1)).toBe('Group total (all 30)');
    expect(within(table).getByText(formatMoney(sum('totalPurchases')), { selector: 'tfoot th' })).toBeInTheDocument();
    expect(screen.getByText('Locations 1–25 of 30')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Purchases and savings per location, locations 1–25' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Locations page 2' }));
    expect(names()).toEqual(['Site 05', 'Site 04', 'Site 03', 'Site 02', 'Site 01', 'Group total (all 30)']);

    const stock = await screen.findByRole('table', { name: 'Stock across locations' });
    const headers = () =>
      within(stock)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
    await within(stock).findByRole('rowheader', { name: 'Cream' });
    expect(headers()).toEqual(['Group', ...many.slice(0, 6).map((l) => l.name), 'Total on hand (all 30)']);
    await userEvent.click(screen.getByRole('button', { name: 'Next locations' }));
    expect(headers().slice(1, 3)).toEqual(['Site 07', 'Site 08']);
    expect(screen.getByText('Locations 7–12 of 30')).toBeInTheDocument();

    const variance = screen.getByRole('table', { name: 'Price variance' });
    const item = await within(variance).findByRole('rowheader', { name: /Heavy cream/ });
    expect(within(item).getAllByText(/^also /)).toHaveLength(2);
    await userEvent.click(within(item).getByRole('button', { name: 'Show 3 more offers of Heavy cream' }));
    expect(within(item).getAllByText(/^also /)).toHaveLength(5);
  });

  it('says why a user of one location has no chain', async () => {
    serve(403);
    renderApp('/chain');
    expect(await screen.findByText('The chain view compares two or more locations; you belong to one.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Locations' })).not.toBeInTheDocument();
  });
});
