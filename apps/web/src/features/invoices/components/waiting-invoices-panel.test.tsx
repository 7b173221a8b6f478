import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoicesWaiting } from '@stockpot/domain';
import { makeLocation, makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, PHONE_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

const WAITING: InvoicesWaiting = {
  items: [
    {
      kind: 'no-paper-copy',
      invoiceId: 9,
      imageId: null,
      orderId: 77,
      distributor: 'Harborline Foodservice',
      invoiceNumber: 'INV-4410',
      invoiceDate: '2026-11-20',
      total: 31_075,
      fileName: 'invoice.edi',
      readingStatus: 'done',
      arrivedAt: '2026-11-21T10:00:00Z',
    },
    {
      kind: 'no-electronic-copy',
      invoiceId: null,
      imageId: 4,
      orderId: 78,
      distributor: 'Harborline Foodservice',
      invoiceNumber: null,
      invoiceDate: null,
      total: null,
      fileName: 'photo.jpg',
      readingStatus: 'failed',
      arrivedAt: '2026-11-20T10:00:00Z',
    },
  ],
  counts: { noPaperCopy: 1, noElectronicCopy: 1, noOrder: 0 },
};

function serve(waiting: () => Response) {
  const location = makeLocation();
  const user = makeUser({ activeLocation: location, locations: [location] });
  mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: user }),
    'GET /api/v1/shopping-carts': () => jsonResponse(200, { data: { shoppingCart: [], lastModified: null } }),
    'GET /api/v1/orders': () => jsonResponse(200, { data: [], _meta: { pageCount: 1, currentPage: 1, totalCount: 0 } }),
    'GET /api/v1/invoices/waiting': waiting,
  });
  seedSession({ user });
}

afterEach(() => vi.unstubAllGlobals());

describe('waiting invoices on /order-history (issue 36)', () => {
  it.each([
    ['a desktop', DESKTOP_WIDTH],
    ['a phone', PHONE_WIDTH],
  ])(
    'on %s, counts what waits, unfolds the list and filters it by kind',
    async (_, width) => {
      setViewportWidth(width);
      serve(() => jsonResponse(200, { data: WAITING }));
      renderApp('/order-history');
      const panel = await screen.findByRole('region', { name: 'Waiting invoices' }, { timeout: 20_000 });
      expect(await within(panel).findByText(/1 without their paper copy · 1 photos without/)).toBeInTheDocument();
      await userEvent.click(within(panel).getByRole('button', { name: 'Show waiting invoices' }));
      const list = within(panel).getByRole('list', { name: 'Waiting invoices' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      expect(within(list).getByText('Invoice INV-4410 · 11/20/2026 · $310.75')).toBeInTheDocument();
      expect(within(list).getByText('Invoice number not read')).toBeInTheDocument();
      expect(within(list).getByRole('link', { name: 'Upload the paper copy of order 77' })).toHaveAttribute(
        'href',
        '/order-history/upload-invoice/77',
      );
      await userEvent.click(within(panel).getByLabelText('Show'));
      await userEvent.click(await screen.findByRole('option', { name: 'Photos without their electronic invoice', hidden: true }));
      expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
      expect(within(panel).getByRole('link', { name: 'Invoices of order 78' })).toBeInTheDocument();
    },
    40_000,
  );

  it('says when nothing is waiting', async () => {
    setViewportWidth(DESKTOP_WIDTH);
    serve(() => jsonResponse(200, { data: { items: [], counts: { noPaperCopy: 0, noElectronicCopy: 0, noOrder: 0 } } }));
    renderApp('/order-history');
    expect(await screen.findByText(/Nothing is waiting/, {}, { timeout: 20_000 })).toBeInTheDocument();
  }, 30_000);

  it('says when the list could not be loaded, and offers to try again', async () => {
    setViewportWidth(DESKTOP_WIDTH);
    serve(() => jsonResponse(500, { message: 'Down.', code: 'internal' }));
    renderApp('/order-history');
    const panel = await screen.findByRole('region', { name: 'Waiting invoices' }, { timeout: 20_000 });
    expect(
      await within(panel).findByText('The waiting invoices could not be loaded', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  }, 30_000);
});
