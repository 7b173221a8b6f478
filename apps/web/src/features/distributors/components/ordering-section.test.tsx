import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DistributorDetail, OrderingTerms } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

const owner = makeUser();
const distributor: DistributorDetail = {
  id: 10001,
  nickname: 'Sysco',
  minOrderAmount: 0,
  skipMinOrder: false,
  isMinOrderAmountRequired: false,
  isDelivery: 0,
  deliveryDates: [],
  acceptCC: 0,
  dcn: '',
  dsrs: [],
  lastOrderGuide: null,
  skyloader: { useSkyloader: 0, username: '' },
  is_dsr_editable: 1,
  timezone: 'America/Chicago',
};
const terms: OrderingTerms = {
  deliveryWeekdays: [1, 2, 3, 4, 5],
  orderCutoffTime: null,
  orderCutoffDaysBefore: 1,
  minOrderAmount: 0,
  isMinOrderAmountRequired: false,
  deliveryFee: 0,
};

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession({ user: owner });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Edit Distributor's Ordering section (issue 31)", () => {
  it('sends the delivery days, cut-off and minimum in cents, and shows a refusal as the server words it', async () => {
    let answer: (body: OrderingTerms) => Response = (body) => jsonResponse(200, { data: body });
    const requests = mockFetch({
      'GET /api/v1/users/current-user': () => jsonResponse(200, { data: owner }),
      'GET /api/v1/distributors/10001': () => jsonResponse(200, { data: distributor }),
      'GET /api/v1/distributors/10001/ordering-terms': () => jsonResponse(200, { data: terms }),
      'PUT /api/v1/distributors/10001/ordering-terms': (request) => answer(request.body as OrderingTerms),
    });
    renderApp('/distributor/10001');
    const form = await screen.findByRole('form', { name: 'Ordering terms' });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.type(within(form).getByLabelText(/Order cut-off time/), '14:00');
    const minimum = within(form).getByLabelText('Minimum order amount');
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '150.5');
    await userEvent.click(within(form).getByLabelText('The minimum order is required'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save Ordering' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Ordering terms saved.');
    const sent = requests.find((r) => r.method === 'PUT')?.body;
    expect(sent).toEqual({
      deliveryWeekdays: [2, 3, 4, 5, 6],
      orderCutoffTime: '14:00',
      orderCutoffDaysBefore: 1,
      minOrderAmount: 15_050,
      isMinOrderAmountRequired: true,
      deliveryFee: 0,
    });

    answer = () => jsonResponse(400, { message: 'Choose at least one delivery day.', code: 'invalid_ordering_terms' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save Ordering' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one delivery day.'));
  });
});
