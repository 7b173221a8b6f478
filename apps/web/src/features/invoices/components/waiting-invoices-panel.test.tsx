import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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
      senderEmail: null,
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
      senderEmail: null,
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

function serve(waiting: () => Response, more: Parameters<typeof mockFetch>[0] = {}) {
  const location = makeLocation();
  const user = makeUser({ activeLocation: location, locations: [location] });
  mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: user }),
    'GET /api/v1/shopping-carts': () => jsonResponse(200, { data: { shoppingCart: [], lastModified: null } }),
    'GET /api/v1/orders': () => jsonResponse(200, { data: [], _meta: { pageCount: 1, currentPage: 1, totalCount: 0 } }),
    'GET /api/v1/invoices/waiting': waiting,
    ...more,
  });
  seedSession({ user });
}

afterEach(() => vi.unstubAllGlobals());

const NO_ORDER: InvoicesWaiting = {
  items: [
    {
      kind: 'no-order',
      invoiceId: 12,
      imageId: null,
      orderId: null,
      distributor: 'Harborline Foodservice',
      senderEmail: null,
      invoiceNumber: 'PHONE-1',
      invoiceDate: '2026-11-20',
      total: 5_740,
      fileName: 'phone.edi',
      readingStatus: 'done',
      arrivedAt: '2026-11-21T10:00:00Z',
    },
  ],
  counts: { noPaperCopy: 0, noElectronicCopy: 0, noOrder: 1 },
};

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

  it('attaches an invoice matched to no order to the order typed, and shows why the server refused one', async () => {
    setViewportWidth(DESKTOP_WIDTH);
    const attached: unknown[] = [];
    let answer = () =>
      jsonResponse(400, {
        code: 'bad_request',
        message: 'Order 5 is not from Harborline Foodservice: choose one of its orders.',
      });
    serve(() => jsonResponse(200, { data: NO_ORDER }), {
      'POST /api/v1/invoices/12/attach': (request) => {
        attached.push(request.body);
        return answer();
      },
    });
    renderApp('/order-history');
    const panel = await screen.findByRole('region', { name: 'Waiting invoices' }, { timeout: 20_000 });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Show waiting invoices' }));
    const list = within(panel).getByRole('list', { name: 'Waiting invoices' });
    expect(within(list).getByText('No order')).toBeInTheDocument();
    const button = within(list).getByRole('button', { name: 'Attach invoice PHONE-1 to the order' });
    expect(button).toBeDisabled();
    await userEvent.type(within(list).getByLabelText('Attach to order number'), '5');
    await userEvent.click(button);
    expect(await within(list).findByRole('alert')).toHaveTextContent('Order 5 is not from Harborline Foodservice');
    answer = () => jsonResponse(200, { data: {} });
    await userEvent.clear(within(list).getByLabelText('Attach to order number'));
    await userEvent.type(within(list).getByLabelText('Attach to order number'), '77');
    await userEvent.click(button);
    await waitFor(() => expect(attached).toEqual([{ orderId: 5 }, { orderId: 77 }]));
  }, 40_000);

  it('shows who e-mailed a photo with no order, and dismisses it with its own named button', async () => {
    setViewportWidth(DESKTOP_WIDTH);
    const mailed: InvoicesWaiting = {
      items: [
        {
          kind: 'no-electronic-copy',
          invoiceId: null,
          imageId: 31,
          orderId: null,
          distributor: '',
          senderEmail: 'billing@produce.example',
          invoiceNumber: 'INV-77',
          invoiceDate: null,
          total: null,
          fileName: 'scan.png',
          readingStatus: 'done',
          arrivedAt: '2026-11-21T10:00:00Z',
        },
      ],
      counts: { noPaperCopy: 0, noElectronicCopy: 1, noOrder: 0 },
    };
    let waiting = mailed;
    const dismissed: number[] = [];
    serve(() => jsonResponse(200, { data: waiting }), {
      'POST /api/v1/invoices/waiting/photos/31/dismiss': () => {
        dismissed.push(31);
        waiting = { items: [], counts: { noPaperCopy: 0, noElectronicCopy: 0, noOrder: 0 } };
        return jsonResponse(200, { data: { imageId: 31, dismissedAt: '2026-11-21T11:00:00Z' } });
      },
    });
    renderApp('/order-history');
    const panel = await screen.findByRole('region', { name: 'Waiting invoices' }, { timeout: 20_000 });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Show waiting invoices' }));
    const list = within(panel).getByRole('list', { name: 'Waiting invoices' });
    expect(within(list).getByText('By e-mail')).toBeInTheDocument();
    expect(within(list).getByText(/From billing@produce\.example · scan\.png/)).toBeInTheDocument();
    expect(within(list).queryByRole('link')).toBeNull();
    await userEvent.click(
      within(list).getByRole('button', { name: 'Dismiss scan.png: not an invoice we expect an electronic copy for' }),
    );
    await waitFor(() => expect(dismissed).toEqual([31]));
    expect(await within(panel).findByText(/Nothing is waiting/)).toBeInTheDocument();
  }, 40_000);

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
