import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RepAccount, RepItem } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { PHONE_WIDTH, DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

/** A rep's sign-in: no location (an accepted invite). */
const rep = makeUser({ id: 40, email: 'rita@harborline.example', title: 'Sales rep', activeLocation: null, locations: [] });

const account = (overrides: Partial<RepAccount> = {}): RepAccount => ({
  salesRepId: 11,
  location: { id: 1, nickname: 'Harbor Grill' },
  distributor: { id: 531, nickname: 'Harborline Foods' },
  accessType: 'unlimited',
  startDate: null,
  endDate: null,
  canUpdatePrices: true,
  refusal: null,
  ...overrides,
});

const items: RepItem[] = [
  { din: '100200', name: 'Chicken breast', brand: 'Harbor', pack_size: '4/10 LB', unit_measure: 'CS', price: 8_950 },
  { din: '100300', name: 'Romaine hearts', brand: 'Fresh', pack_size: '12 CT', unit_measure: 'CS', price: 3_200 },
];

const base = {
  'GET /api/v1/users/current-user': () => jsonResponse(200, { data: rep }),
};

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: rep });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/sales-rep', () => {
  it("lists the rep's accounts with access and dates, and sends other paths there", async () => {
    mockFetch({
      ...base,
      'GET /api/v1/sales-rep/accounts': () =>
        jsonResponse(200, {
          data: [
            account(),
            account({
              salesRepId: 12,
              location: { id: 2, nickname: 'Harbor Grill Express' },
              accessType: 'limited',
              startDate: '2026-11-01',
              endDate: '2026-11-10',
              canUpdatePrices: false,
              refusal: 'Your access ended on 11/10/2026.',
            }),
          ],
        }),
    });
    renderApp('/place-order/list');
    expect(await screen.findByRole('heading', { name: 'Your accounts' })).toBeInTheDocument();
    expect(await screen.findByText('Access: Limited, 11/01/2026 to 11/10/2026')).toBeInTheDocument();
    expect(screen.getByText('Read only')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Harbor Grill Express, Harborline Foods' })).toHaveAttribute(
      'href',
      '/sales-rep/12',
    );
  });

  it('shows the empty and the failed states', async () => {
    let status = 500;
    mockFetch({
      ...base,
      'GET /api/v1/sales-rep/accounts': () =>
        status === 200 ? jsonResponse(200, { data: [] }) : jsonResponse(500, { message: 'Boom', code: 'x' }),
    });
    renderApp('/sales-rep');
    expect(await screen.findByText('Your accounts could not be loaded', {}, { timeout: 5000 })).toBeInTheDocument();
    status = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You serve no accounts yet/)).toBeInTheDocument();
  });

  it('searches and pages the guide, sends a typed dollar price as the API string, and shows a 403 reason', async () => {
    setViewportWidth(PHONE_WIDTH);
    let forbid = false;
    const requests = mockFetch({
      ...base,
      'GET /api/v1/sales-rep/accounts': () => jsonResponse(200, { data: [account()] }),
      'GET /api/v1/sales-rep/accounts/11/items': (request) =>
        jsonResponse(200, {
          data: request.query.get('search') ? items.slice(1) : items,
          _meta: { pageCount: 3, currentPage: Number(request.query.get('page')), totalCount: 45 },
        }),
      'PATCH /api/v1/sales-rep/accounts/11/prices': () =>
        forbid
          ? jsonResponse(403, { message: 'Your access does not allow updating order guide prices.', code: 'forbidden' })
          : jsonResponse(200, { data: { orderGuideId: 99, updated: 1 } }),
    });
    renderApp('/sales-rep/11');
    expect(await screen.findByRole('heading', { name: 'Harbor Grill · Harborline Foods' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Order guide items' });
    expect(within(list).getByText('Current price $89.50')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/items') && r.query.get('page') === '2')).toBe(true));

    await userEvent.type(screen.getByLabelText('Search items'), 'romaine');
    await waitFor(() =>
      expect(requests.some((r) => r.query.get('search') === 'romaine' && r.query.get('page') === '1')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Chicken breast')).not.toBeInTheDocument());

    const save = screen.getByRole('button', { name: 'Save prices' });
    expect(save).toBeDisabled();
    const input = screen.getByLabelText('New price for Romaine hearts (DIN 100300)');
    await userEvent.type(input, '3.5x');
    expect(screen.getByText('Enter dollars, e.g. 42.50')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, '34.5');
    await userEvent.click(save);
    expect(await screen.findByText('1 price saved.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ prices: [{ din: '100300', price: '34.50' }] });

    forbid = true;
    await userEvent.type(screen.getByLabelText('New price for Romaine hearts (DIN 100300)'), '36');
    await userEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('Your access does not allow updating order guide prices.')).toBeInTheDocument();
  });

  it('shows why prices cannot be updated and keeps the inputs closed', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/sales-rep/accounts': () =>
        jsonResponse(200, {
          data: [
            account({
              accessType: 'none',
              canUpdatePrices: false,
              refusal: 'Your access does not allow updating order guide prices.',
            }),
          ],
        }),
      'GET /api/v1/sales-rep/accounts/11/items': () =>
        jsonResponse(200, { data: items, _meta: { pageCount: 1, currentPage: 1, totalCount: 2 } }),
    });
    renderApp('/sales-rep/11');
    expect(await screen.findByText('Your access does not allow updating order guide prices.')).toBeInTheDocument();
    expect(await screen.findByLabelText('New price for Chicken breast (DIN 100200)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save prices' })).toBeDisabled();
  });
});
