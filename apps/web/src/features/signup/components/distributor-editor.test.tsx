import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';
import { resetSignUpWizard, useSignUpWizard } from './sign-up-store';

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession();
  resetSignUpWizard();
  const { contact } = useSignUpWizard.getState();
  useSignUpWizard.setState({
    contact: {
      ...contact,
      locationCount: 1,
      locations: [
        {
          locationName: 'Garza Downtown',
          phoneNumber: '(512) 555-0101',
          locationAddress: '100 Congress Avenue',
          city: 'Austin',
          state: 'TX',
          zipcode: '78701',
          isSkipped: false,
        },
        ...contact.locations.slice(1),
      ],
    },
    furthestStep: 2,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the wizard’s distributor editor (issue 31)', () => {
  it("offers Add '{typed name}' when the directory has no match, and saves it with its ordering terms", async () => {
    mockFetch({
      'GET /api/v1/sign-up/distributors': (request) =>
        jsonResponse(200, { data: request.query.get('search') === '' ? [{ id: 10001, nickname: 'Sysco' }] : [] }),
    });
    renderApp('/sign-up/2?distributor=1');
    const name = await screen.findByRole('combobox', { name: /Distributor Name/ });
    await userEvent.click(name);
    await userEvent.type(name, 'Hill Country Produce');
    await userEvent.click(
      await screen.findByRole('option', { name: "Add 'Hill Country Produce'", hidden: true }, { timeout: 3000 }),
    );
    // The restaurant's only location is checked already (issue 31's sign-up without friction).
    expect(screen.getByLabelText('Orders from this distributor at Garza Downtown')).toBeChecked();
    await userEvent.type(screen.getByLabelText(/Distributor Sales Rep Email/), 'lupe@hill.test');
    await userEvent.type(screen.getByLabelText(/Distributor Sales Rep Full Name/), 'Lupe Ortiz');

    const ordering = screen.getByRole('group', { name: 'Ordering' });
    expect(within(ordering).getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(within(ordering).getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
    await userEvent.click(within(ordering).getByRole('checkbox', { name: 'Monday' }));
    const minimum = within(ordering).getByLabelText('Minimum order amount');
    await userEvent.clear(minimum);
    await userEvent.type(minimum, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Minimum order amount must be an amount from $0.00 to $100,000.00.')).toBeInTheDocument();
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(useSignUpWizard.getState().distributors).toHaveLength(1));
    const [entry] = useSignUpWizard.getState().distributors;
    expect(entry.distributor).toEqual({ id: 0, nickname: 'Hill Country Produce' });
    expect(entry.orderingTerms).toEqual({
      deliveryWeekdays: [2, 3, 4, 5],
      orderCutoffTime: null,
      orderCutoffDaysBefore: 1,
      minOrderAmount: 15_000,
      isMinOrderAmountRequired: false,
      deliveryFee: 0,
    });
  });
});
