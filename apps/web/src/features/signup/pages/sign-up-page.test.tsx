import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_TAKEN_TEXT } from '@stockpot/domain';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, PHONE_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';
import { resetSignUpWizard, SIGN_UP_STORAGE_KEY, useSignUpWizard } from '../components/sign-up-store';

vi.setConfig({ testTimeout: 90_000 });

const location = {
  locationName: 'Lopez North End',
  phoneNumber: '(617) 555-0191',
  locationAddress: '9 Hanover Street',
  city: 'Boston',
  state: 'MA',
  zipcode: '02113',
  isSkipped: false,
};

/** A wizard whose first three steps are done, as after pressing Next on step 3. */
function fillFirstSteps(): void {
  const { contact } = useSignUpWizard.getState();
  useSignUpWizard.setState({
    contact: {
      ...contact,
      firstName: 'Maria',
      lastName: 'Lopez',
      title: 0,
      businessName: 'Lopez Kitchens',
      locationAddress: '9 Hanover Street',
      city: 'Boston',
      state: 'MA',
      zipcode: '02113',
      phoneNumber: '(617) 555-0190',
      email: 'maria@lopez.test',
      confirmEmail: 'maria@lopez.test',
      password: 'secret12',
      confirmPassword: 'secret12',
      locationCount: 1,
      locations: [location, ...contact.locations.slice(1)],
    },
    legal: { isAgreed: true, fullName: 'Maria Lopez' },
    furthestStep: 4,
  });
}

const token = {
  id: 'tok_test_x.y',
  object: 'token',
  created: 1,
  card: { id: 'card_test_x', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2034 },
};

async function payByCard() {
  await userEvent.type(await screen.findByLabelText(/^Card number/), '4242424242424242');
  await userEvent.type(screen.getByLabelText(/^Expiration date/), '1234');
  const done = screen.getByRole('button', { name: 'Done' });
  expect(done).toBeDisabled();
  await userEvent.type(screen.getByLabelText(/^Security code/), '123');
  await waitFor(() => expect(done).toBeEnabled());
  await userEvent.click(done);
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
  seedSession();
  resetSignUpWizard();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-up wizard', () => {
  it("offers a state by its abbreviation first: 'MA' is Massachusetts, not Alabama", async () => {
    mockFetch({});
    renderApp('/sign-up/1');
    const state = await screen.findByRole('combobox', { name: /^State/ });
    await userEvent.type(state, 'MA');
    await waitFor(() => expect(state).toHaveAttribute('aria-controls'));
    const listbox = document.getElementById(state.getAttribute('aria-controls')!)!;
    const options = await within(listbox).findAllByRole('option', { hidden: true });
    expect(options[0]).toHaveTextContent('Massachusetts (MA)');
    await userEvent.click(options[0]);
    expect(useSignUpWizard.getState().contact.state).toBe('MA');
  });

  it('keeps what was typed across a reload of the page, but never the passwords', async () => {
    mockFetch({});
    const first = renderApp('/sign-up/1');
    await userEvent.type(await screen.findByLabelText(/^First Name/), 'Maria');
    await userEvent.type(screen.getByLabelText(/^Official Business Name/), 'Lopez Kitchens');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret12');
    const stored = sessionStorage.getItem(SIGN_UP_STORAGE_KEY);
    expect(stored).toContain('Lopez Kitchens');
    expect(stored).not.toContain('secret12');
    first.unmount();

    // A reload: the page's memory is gone, the tab's storage is not.
    resetSignUpWizard();
    sessionStorage.setItem(SIGN_UP_STORAGE_KEY, stored!);
    await useSignUpWizard.persist.rehydrate();
    renderApp('/sign-up/1');
    expect(await screen.findByLabelText(/^First Name/)).toHaveValue('Maria');
    expect(screen.getByLabelText(/^Official Business Name/)).toHaveValue('Lopez Kitchens');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  it('never opens a step beyond the furthest reached, and on a phone shows Create Account with a back control to /login', async () => {
    setViewportWidth(PHONE_WIDTH);
    mockFetch({});
    const { getPath } = renderApp('/sign-up/3');
    expect(await screen.findByRole('heading', { name: 'Restaurant Contact Information' })).toBeInTheDocument();
    await waitFor(() => expect(getPath()).toBe('/sign-up/1'));
    expect(screen.getByRole('heading', { name: 'Hello, New Friend', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Create Account')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Back' })[0]);
    await waitFor(() => expect(getPath()).toBe('/login'));
  });

  it('opens the distributor editor from ?distributor=n: the nth added one, one past the last for a new one', async () => {
    mockFetch({ 'GET /api/v1/sign-up/distributors': () => jsonResponse(200, { data: [] }) });
    fillFirstSteps();
    const rep = { fullName: 'Kevin Walsh', phoneNumber: '', email: 'kevin@harborline.test' };
    useSignUpWizard.setState({
      distributors: [
        { distributor: { id: 531, nickname: 'Harborline' }, locations: [{ isChecked: true, locationName: '', dcn: '', rep }] },
      ],
    });
    renderApp('/sign-up/2?distributor=1');
    expect(await screen.findByRole('heading', { name: 'Edit Distributor' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Edit Harborline' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Edit Distributor' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '+ Add New Distributor' }));
    expect(await screen.findByRole('heading', { name: 'Add New Distributor' })).toBeInTheDocument();
  });

  it('masks the phone number and zipcode, and shows the first rule message under the buttons', async () => {
    mockFetch({});
    renderApp('/sign-up/1');
    const phone = await screen.findByLabelText(/^Phone Number/);
    await userEvent.type(phone, '617555019099');
    expect(phone).toHaveValue('(617) 555-0190');
    const zip = screen.getByLabelText(/^Zipcode/);
    await userEvent.type(zip, '02a1139');
    expect(zip).toHaveValue('02113');
    await userEvent.type(screen.getByLabelText(/^First Name/), 'Al');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First name is too short (minimum is 3 characters)')).toBeInTheDocument();
  });

  it('sends the payload with the gateway token and confirms with Singup Success, then /login', async () => {
    fillFirstSteps();
    const requests = mockFetch({
      'POST /payment-gateway/test/tokens': () => jsonResponse(200, token),
      'POST /api/v1/sign-up': () =>
        jsonResponse(201, { data: { message: 'Singup Success', userId: 9, email: 'maria@lopez.test', locationIds: [7] } }),
    });
    const { getPath } = renderApp('/sign-up/4');
    await payByCard();
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText('Singup Success')).toBeInTheDocument();
    const sent = requests.find((r) => r.path === '/api/v1/sign-up')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      companyId: '1',
      title: 0,
      email: 'maria@lopez.test',
      totalReportingLocations: 1,
      signedBy: 'Maria Lopez',
      paymentMethod: { token: 'tok_test_x.y', cardId: 'card_test_x' },
      locations: [{ nickname: 'Lopez North End', zipcode: '02113', distributors: [] }],
    });
    await userEvent.click(within(dialog).getByRole('button'));
    await waitFor(() => expect(getPath()).toBe('/login'));
    expect(useSignUpWizard.getState().furthestStep).toBe(1);
    // Issue 31: the login page starts with the new account's e-mail, the password to type.
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('maria@lopez.test');
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
  });

  it('fills the one location with the business address typed once', async () => {
    mockFetch({ 'GET /api/v1/sign-up/distributors': () => jsonResponse(200, { data: [] }) });
    renderApp('/sign-up/1');
    await userEvent.type(await screen.findByLabelText(/^Location Address/), '100 Main Street');
    await userEvent.type(screen.getByLabelText(/^City/), 'Dallas');
    await userEvent.type(screen.getByLabelText(/^Zipcode/), '75201');
    expect(screen.getByLabelText(/^Location Street Address/)).toHaveValue('100 Main Street');
    expect(screen.getByLabelText(/^Location City/)).toHaveValue('Dallas');
    expect(screen.getByLabelText(/^Location Zipcode/)).toHaveValue('75201');
    // A location field the buyer changes is theirs from then on.
    await userEvent.clear(screen.getByLabelText(/^Location City/));
    await userEvent.type(screen.getByLabelText(/^Location City/), 'Plano');
    await userEvent.type(screen.getByLabelText(/^City/), ' TX');
    expect(screen.getByLabelText(/^Location City/)).toHaveValue('Plano');
  });

  it('checks the one location for a new distributor', async () => {
    mockFetch({ 'GET /api/v1/sign-up/distributors': () => jsonResponse(200, { data: [] }) });
    fillFirstSteps();
    renderApp('/sign-up/2?distributor=1');
    expect(await screen.findByRole('checkbox', { name: 'Orders from this distributor at Lopez North End' })).toBeChecked();
  });

  it("shows the server's message in a 'Failet' modal when the sign-up is refused", async () => {
    fillFirstSteps();
    mockFetch({
      'POST /payment-gateway/test/tokens': () => jsonResponse(200, token),
      'POST /api/v1/sign-up': () => jsonResponse(400, { message: EMAIL_TAKEN_TEXT, code: 'email_taken' }),
    });
    renderApp('/sign-up/4');
    await payByCard();
    const dialog = await screen.findByRole('dialog', { name: 'Failet' });
    expect(within(dialog).getByText(EMAIL_TAKEN_TEXT)).toBeInTheDocument();
    expect(useSignUpWizard.getState().contact.email).toBe('maria@lopez.test');
  });
});

describe("a sales rep's invite link", () => {
  it('accepts the invite with a new password instead of opening the wizard', async () => {
    setViewportWidth(DESKTOP_WIDTH);
    const requests = mockFetch({
      'POST /api/v1/sales-rep-invites/accept': () =>
        jsonResponse(200, { data: { email: 'rita@harborline.test', location: 'Harbor Grill', distributor: 'Harborline' } }),
    });
    renderApp('/sign-up/1?location=1&distributor=531&invite=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect(await screen.findByRole('heading', { name: 'Accept your invitation' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret12');
    await userEvent.type(screen.getByLabelText(/Confirm password/), 'secret13');
    await userEvent.click(screen.getByRole('button', { name: 'Accept Invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passwords do not match.');
    await userEvent.clear(screen.getByLabelText(/Confirm password/));
    await userEvent.type(screen.getByLabelText(/Confirm password/), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Accept Invite' }));
    expect(
      await screen.findByText(/Sign in as rita@harborline\.test to update Harborline's prices for Harbor Grill\./),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/sales-rep-invites/accept')?.body).toEqual({
      invite: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      password: 'secret12',
    });
  });
});
