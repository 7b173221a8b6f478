import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '../../../app/providers';
import { queryClient } from '../../../lib/query-client';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { seedSession } from '../../../test/render-app';
import { InvoiceAddressCard } from './invoice-address-card';

vi.setConfig({ testTimeout: 30_000 });

const ADDRESS = 'invoices+0123456789abcdef0123456789abcdef@invoices.example.com';

function renderCard() {
  return render(
    <Providers>
      <InvoiceAddressCard />
    </Providers>,
  );
}

beforeEach(() => {
  seedSession({ user: makeUser() });
});
afterEach(() => {
  // One query client for the app: each case starts without the last one's answer.
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('Invoices by e-mail card', () => {
  it('shows the location’s address in a labelled field and copies it with the Copy button', async () => {
    mockFetch({ 'GET /api/v1/invoices/address': () => jsonResponse(200, { data: { address: ADDRESS } }) });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    renderCard();
    expect(screen.getByRole('heading', { name: 'Invoices by e-mail' })).toBeInTheDocument();
    const field = await screen.findByLabelText('Invoice e-mail address', {}, { timeout: 15_000 });
    expect(field).toHaveValue(ADDRESS);
    expect(field).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Copy invoice address' }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(await screen.findByRole('button', { name: 'Invoice address copied' })).toBeInTheDocument();
  });

  it('says invoices by e-mail are not set up when the server takes no mail', async () => {
    mockFetch({ 'GET /api/v1/invoices/address': () => jsonResponse(200, { data: { address: null } }) });
    renderCard();
    expect(
      await screen.findByText('Invoices by e-mail are not set up on this server.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy invoice address' })).not.toBeInTheDocument();
  });

  it('offers a retry when the address cannot be loaded', async () => {
    mockFetch({ 'GET /api/v1/invoices/address': () => jsonResponse(500, { message: 'Server error.', code: 'internal_error' }) });
    renderCard();
    expect(await screen.findByText('The invoice address could not be loaded', {}, { timeout: 20_000 })).toBeInTheDocument();
  });
});
