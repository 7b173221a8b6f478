import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceBatch, InvoiceBatchFile } from '@stockpot/domain';
import { makeLocation, makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

const file = (id: number, status: InvoiceBatchFile['status'], error: string | null = null): InvoiceBatchFile => ({
  id,
  fileName: `invoice-${id}.edi`,
  status,
  invoiceNumber: status === 'failed' ? null : `INV-${id}`,
  orderId: status === 'failed' ? null : 70 + id,
  matchedLines: status === 'failed' ? null : 1,
  unmatchedLines: status === 'failed' ? null : 0,
  error,
});

const DONE: InvoiceBatch = {
  id: 5,
  total: 4,
  queued: 0,
  imported: 2,
  alreadyImported: 1,
  failed: 1,
  isDone: true,
  files: [
    file(4, 'failed', 'Invoice X matches no order.'),
    file(1, 'imported'),
    { ...file(2, 'imported'), orderId: null },
    file(3, 'already-imported'),
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('several hundred invoices at once (issue 36)', () => {
  it('sends four or more files as a batch, shows the progress and lists the file that needs a person', async () => {
    setViewportWidth(DESKTOP_WIDTH);
    const location = makeLocation();
    const user = makeUser({ activeLocation: location, locations: [location] });
    const requests = mockFetch({
      'GET /api/v1/users/current-user': () => jsonResponse(200, { data: user }),
      'GET /api/v1/shopping-carts': () => jsonResponse(200, { data: { shoppingCart: [], lastModified: null } }),
      'GET /api/v1/orders': () => jsonResponse(200, { data: [], _meta: { pageCount: 1, currentPage: 1, totalCount: 0 } }),
      'GET /api/v1/distributors': () => jsonResponse(200, { data: [] }),
      'POST /api/v1/invoices/import-batches': () =>
        jsonResponse(201, { data: { ...DONE, total: 0, imported: 0, alreadyImported: 0, failed: 0, isDone: false, files: [] } }),
      'POST /api/v1/invoices/import-batches/5/files': () =>
        jsonResponse(202, { data: { id: 1, fileName: 'x', status: 'queued' } }),
      'GET /api/v1/invoices/import-batches/5': () => jsonResponse(200, { data: DONE }),
    });
    seedSession({ user });
    renderApp('/order-history');
    await userEvent.click(await screen.findByRole('button', { name: 'Import invoice' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Import invoice' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const files = [1, 2, 3, 4].map((n) => new File([`ISA*${n}`], `invoice-${n}.edi`, { type: 'application/edi-x12' }));
    await userEvent.upload(input, files);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 4 invoices' }));

    const progress = await within(dialog).findByRole('region', { name: 'Import progress' });
    await waitFor(() => expect(progress).toHaveTextContent('Sent 4 of 4 files'));
    await waitFor(() => expect(progress).toHaveTextContent('Imported 4 of 4: 2 new, 1 already imported, 1 failed'), {
      timeout: 10_000,
    });
    expect(within(progress).getByRole('list', { name: 'Files not imported' })).toHaveTextContent(
      'invoice-4.edi: Invoice X matches no order.',
    );
    expect(progress).toHaveTextContent('1 invoice with no matching order: kept on the waiting list (INV-2).');
    expect(requests.filter((r) => r.path === '/api/v1/invoices/import-batches/5/files')).toHaveLength(4);
    expect(requests.filter((r) => r.path === '/api/v1/invoices/import')).toHaveLength(0);
  }, 40_000);
});
