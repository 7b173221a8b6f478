import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethod } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

const TOKEN_URL = '/payment-gateway/test/tokens';

function makeCard(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    token: 'tok_test_visa.sig',
    nickname: 'Kitchen Visa',
    last4: '4242',
    cardType: 'Visa',
    isDefault: true,
    address1: '140 Atlantic Avenue',
    address2: '',
    city: 'Boston',
    state: 'MA',
    zip: '02110',
    expMonth: 12,
    expYear: 2030,
    ...overrides,
  };
}

const visa = makeCard();
const mastercard = makeCard({ token: 'tok_test_mc.sig', nickname: '', last4: '4444', cardType: 'MasterCard', isDefault: false });

let requests: RecordedRequest[];

/** A small in-memory card server, as the API behaves. */
function serve(initial: PaymentMethod[], extra: Parameters<typeof mockFetch>[0] = {}) {
  let cards = [...initial];
  const user = makeUser();
  requests = mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: user }),
    'GET /api/v1/payment-methods': () =>
      jsonResponse(200, { data: cards, _meta: { pageCount: 1, currentPage: 1, totalCount: cards.length } }),
    [`GET /api/v1/payment-methods/${visa.token}`]: () => jsonResponse(200, { data: cards.find((c) => c.token === visa.token) }),
    [`DELETE /api/v1/payment-methods/${mastercard.token}`]: () => {
      cards = cards.filter((c) => c.token !== mastercard.token);
      return jsonResponse(200, { data: { token: mastercard.token, deleted: true } });
    },
    [`PATCH /api/v1/payment-methods/${mastercard.token}`]: () => {
      cards = cards.map((c) => ({ ...c, isDefault: c.token === mastercard.token }));
      return jsonResponse(200, { data: cards.find((c) => c.token === mastercard.token) });
    },
    [`POST ${TOKEN_URL}`]: () =>
      jsonResponse(200, {
        id: 'tok_test_new.sig',
        object: 'token',
        created: 1,
        card: { id: 'card_test_new', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      }),
    'POST /api/v1/payment-methods': () => {
      const card = makeCard({ token: 'tok_test_new.sig', nickname: '', isDefault: cards.length === 0 });
      cards = [...cards, card];
      return jsonResponse(201, { data: card });
    },
    ...extra,
  });
  seedSession({ user });
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillCardStep(number = '4242424242424242', expiry = '1230', cvc = '123') {
  await userEvent.type(await screen.findByLabelText(/^Card number/), number);
  await userEvent.type(screen.getByLabelText(/^Expiration date/), expiry);
  await userEvent.type(screen.getByLabelText(/^Security code/), cvc);
}

async function fillBillingStep({ zip = '02110' } = {}) {
  await userEvent.type(await screen.findByLabelText(/^Address line 1/), '140 Atlantic Avenue');
  await userEvent.type(screen.getByLabelText(/^City/), 'Boston');
  await userEvent.type(screen.getByLabelText(/^State/), 'ma');
  await userEvent.type(screen.getByLabelText(/^Zip/), zip);
}

describe('credit card list', () => {
  it('shows each card with brand, last 4, nickname, expiry and the Default badge', async () => {
    serve([visa, mastercard]);
    renderApp('/manage-cards');
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const first = within(list).getByRole('listitem', { name: 'Visa ending in 4242' });
    expect(first).toHaveTextContent('Visa •••• ending in 4242');
    expect(first).toHaveTextContent('Kitchen Visa');
    expect(first).toHaveTextContent('Expires 12/30');
    expect(within(first).getByText('Default')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Make default/ })).not.toBeInTheDocument();
    const second = within(list).getByRole('listitem', { name: 'MasterCard ending in 4444' });
    expect(within(second).queryByText('Default')).not.toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Edit MasterCard ending in 4444' })).toHaveAttribute(
      'href',
      '/manage-cards/update-card/tok_test_mc.sig',
    );
    expect(screen.getByRole('link', { name: 'Add Card' })).toHaveAttribute('href', '/manage-cards/add-card');
  });

  it('says when there are no cards yet', async () => {
    serve([]);
    renderApp('/manage-cards');
    expect(await screen.findByRole('heading', { name: 'No cards saved yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add Card' })).toHaveLength(1);
  });

  it('makes another card the default', async () => {
    serve([visa, mastercard]);
    renderApp('/manage-cards');
    await userEvent.click(await screen.findByRole('button', { name: 'Make default: MasterCard ending in 4444' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ default: true });
    const second = await screen.findByRole('listitem', { name: 'MasterCard ending in 4444' });
    await waitFor(() => expect(within(second).getByText('Default')).toBeInTheDocument());
  });

  it('asks inline before deleting, and Cancel keeps the card', async () => {
    serve([visa, mastercard]);
    renderApp('/manage-cards');
    const item = await screen.findByRole('listitem', { name: 'MasterCard ending in 4444' });
    await userEvent.click(within(item).getByRole('button', { name: 'Delete MasterCard ending in 4444' }));
    const question = within(item).getByRole('group', { name: 'Delete MasterCard ending in 4444?' });
    expect(question).toHaveTextContent('Delete this card?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await userEvent.click(within(item).getByRole('button', { name: 'Delete MasterCard ending in 4444' }));
    await userEvent.click(within(within(item).getByRole('group')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'MasterCard ending in 4444' })).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/v1/payment-methods/tok_test_mc.sig']);
  });

  it('sends other paths under /manage-cards to the list', async () => {
    serve([visa]);
    const { getPath } = renderApp('/manage-cards/nothing/here');
    await screen.findByRole('list', { name: 'Saved cards' });
    expect(getPath()).toBe('/manage-cards');
  });
});

describe('add card', () => {
  it('goes through both steps and sends the card only to the gateway', async () => {
    serve([]);
    const { getPath } = renderApp('/manage-cards/add-card');
    expect(await screen.findByText('Step 1 of 2')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await fillCardStep('4242 4242 4242 4242');
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText(/^Expiration date/)).toHaveValue('12 / 30');
    await userEvent.type(screen.getByLabelText(/^Nickname/), 'Kitchen Visa');
    expect(next).toBeEnabled();
    await userEvent.click(next);

    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Billing info' })).toHaveFocus();
    // The first card is the default anyway, so there is nothing to choose.
    expect(screen.queryByLabelText('Make this my default card')).not.toBeInTheDocument();
    await fillBillingStep();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(getPath()).toBe('/manage-cards'));
    const tokenise = requests.find((r) => r.path === TOKEN_URL);
    expect(tokenise?.headers.get('Authorization')).toBeNull();
    expect(tokenise?.body).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      address_line1: '140 Atlantic Avenue',
      address_line2: '',
      address_city: 'Boston',
      address_state: 'ma',
      address_zip: '02110',
    });
    const saved = requests.find((r) => r.method === 'POST' && r.path === '/api/v1/payment-methods');
    expect(saved?.body).toEqual({
      token: 'tok_test_new.sig',
      cardId: 'card_test_new',
      nickname: 'Kitchen Visa',
      default: false,
      address_line1: '140 Atlantic Avenue',
      address_line2: '',
      address_city: 'Boston',
      address_state: 'ma',
      address_zip: '02110',
    });
    // Nothing but the gateway ever saw the number or the security code.
    for (const request of requests.filter((r) => r.path !== TOKEN_URL)) {
      expect(JSON.stringify(request.body ?? '')).not.toMatch(/4242424242424242|"cvc"/);
    }
    expect(await screen.findByRole('listitem', { name: 'Visa ending in 4242' })).toBeInTheDocument();
  });

  it("shows the provider's message under the card field and keeps Next closed", async () => {
    serve([]);
    renderApp('/manage-cards/add-card');
    await fillCardStep('4242 4242 4242 4241');
    expect(screen.getByText('Your card number is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Card number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.clear(screen.getByLabelText(/^Expiration date/));
    await userEvent.type(screen.getByLabelText(/^Expiration date/), '13');
    await userEvent.tab();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeInTheDocument();
  });

  it('shows the billing rules under the fields', async () => {
    serve([visa]);
    renderApp('/manage-cards/add-card');
    await fillCardStep();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await fillBillingStep({ zip: '021' });
    await userEvent.clear(screen.getByLabelText(/^City/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Zip must be exactly 5 digits.')).toBeInTheDocument();
    expect(screen.getByText('City is required.')).toBeInTheDocument();
    expect(requests.some((r) => r.path === TOKEN_URL)).toBe(false);
    // With cards already saved, the new one may become the default.
    expect(screen.getByLabelText('Make this my default card')).not.toBeChecked();
  });

  it("returns to step 1 with the gateway's refusal under its field", async () => {
    serve([], {
      [`POST ${TOKEN_URL}`]: () =>
        jsonResponse(402, {
          error: { type: 'card_error', code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'cvc' },
        }),
    });
    renderApp('/manage-cards/add-card');
    await fillCardStep();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await fillBillingStep();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Your card's security code is invalid.")).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/v1/payment-methods' && r.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal of the token in an alert", async () => {
    serve([], {
      'POST /api/v1/payment-methods': () =>
        jsonResponse(400, { message: 'This card could not be verified. Please enter it again.', code: 'card_not_verified' }),
    });
    renderApp('/manage-cards/add-card');
    await fillCardStep();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await fillBillingStep();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This card could not be verified. Please enter it again.');
  });
});

describe('update card', () => {
  it('edits the nickname and billing address, not the card', async () => {
    serve([visa], {
      [`PATCH /api/v1/payment-methods/${visa.token}`]: (request) =>
        jsonResponse(200, { data: { ...visa, nickname: (request.body as { nickname: string }).nickname } }),
    });
    const { getPath } = renderApp(`/manage-cards/update-card/${visa.token}`);
    const nickname = await screen.findByLabelText(/^Nickname/);
    expect(nickname).toHaveValue('Kitchen Visa');
    expect(screen.queryByLabelText(/^Card number/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Default card/)).toBeDisabled();
    await userEvent.clear(nickname);
    await userEvent.type(nickname, 'Bar Visa');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getPath()).toBe('/manage-cards'));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      nickname: 'Bar Visa',
      address_line1: '140 Atlantic Avenue',
      address_line2: '',
      address_city: 'Boston',
      address_state: 'MA',
      address_zip: '02110',
    });
  });

  it('shows the server message of a failed update in an alert', async () => {
    serve([visa], {
      [`PATCH /api/v1/payment-methods/${visa.token}`]: () =>
        jsonResponse(400, {
          message: 'A default card is required. Make another card the default instead.',
          code: 'default_required',
        }),
    });
    renderApp(`/manage-cards/update-card/${visa.token}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A default card is required. Make another card the default instead.',
    );
  });

  it("says 'Credit Card Not Found' for a missing card and goes to the list", async () => {
    serve([visa]);
    const { getPath } = renderApp('/manage-cards/update-card/tok_test_missing.sig');
    const dialog = await screen.findByRole('dialog', { name: 'Credit Card Not Found' });
    expect(dialog).toBeInTheDocument();
    await waitFor(() => expect(getPath()).toBe('/manage-cards'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok!' }));
    expect(screen.queryByRole('dialog', { name: 'Credit Card Not Found' })).not.toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Visa ending in 4242' })).toBeInTheDocument();
  });
});
