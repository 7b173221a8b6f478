import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethod } from '@stockpot/domain';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { makeUser } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { DESKTOP_WIDTH, PHONE_WIDTH, seedSession, setViewportWidth } from '../../test/render-app';
import { PaymentModal, type PaymentPanel } from './index';

const card = (overrides: Partial<PaymentMethod>): PaymentMethod => ({
  token: 'tok_test_a.sig',
  nickname: '',
  last4: '4242',
  cardType: 'Visa',
  isDefault: false,
  address1: '140 Atlantic Avenue',
  address2: '',
  city: 'Boston',
  state: 'MA',
  zip: '02110',
  expMonth: 12,
  expYear: 2030,
  ...overrides,
});

const visa = card({ isDefault: true, nickname: 'Kitchen Visa' });
const mastercard = card({ token: 'tok_test_b.sig', last4: '4444', cardType: 'MasterCard' });
const expired = card({ token: 'tok_test_c.sig', last4: '0005', cardType: 'American Express', expYear: 2020 });

function renderModal(
  cards: PaymentMethod[],
  { initialPanel, selectedToken }: { initialPanel?: PaymentPanel; selectedToken?: string } = {},
) {
  mockFetch({ 'GET /api/v1/payment-methods': () => jsonResponse(200, { data: cards }) });
  seedSession({ user: makeUser() });
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <Providers queryClient={queryClient}>
      <PaymentModal
        opened
        onClose={onClose}
        onConfirm={onConfirm}
        amountCents={123_456}
        initialPanel={initialPanel}
        selectedToken={selectedToken}
      />
    </Providers>,
  );
  return { onConfirm, onClose };
}

beforeEach(() => {
  setViewportWidth(DESKTOP_WIDTH);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PaymentModal', () => {
  it('offers the default card on CHECKOUT and pays with it', async () => {
    const { onConfirm, onClose } = renderModal([mastercard, visa]);
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    expect(await within(dialog).findByText('Kitchen Visa')).toBeInTheDocument();
    expect(within(dialog).getByText('$1,234.56')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this card' }));
    expect(onConfirm).toHaveBeenCalledWith(visa);
    expect(onClose).toHaveBeenCalled();
  });

  it('chooses another card on CREDIT CARD LIST; expired cards cannot be chosen', async () => {
    const { onConfirm } = renderModal([visa, mastercard, expired]);
    await userEvent.click(await screen.findByRole('button', { name: 'Change card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit Card List' });
    expect(within(dialog).getByRole('radio', { name: /Visa/ })).toHaveAttribute('aria-checked', 'true');
    expect(within(dialog).getByRole('radio', { name: /American Express/ })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /MasterCard/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await screen.findByRole('dialog', { name: 'Payment' });
    await userEvent.click(screen.getByRole('button', { name: 'Use this card' }));
    expect(onConfirm).toHaveBeenCalledWith(mastercard);
  });

  it('adds a card on CARD DETAIL with the two-step form', async () => {
    renderModal([visa], { initialPanel: 'CREDIT CARD LIST' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Card' });
    expect(within(dialog).getByText('Step 1 of 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Credit Card List' })).toBeInTheDocument();
  });

  it('says when no card is saved yet, and fills the phone screen', async () => {
    setViewportWidth(PHONE_WIDTH);
    renderModal([]);
    expect(await screen.findByRole('heading', { name: 'No cards saved yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Card' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Add Card' })).toBeInTheDocument());
  });
});
