import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { toCaseGtin, type BarcodeItem } from '@stockpot/domain';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { ScanOrTypeBarcode } from './scan-or-type-barcode';

const CHIPS: BarcodeItem = {
  gtin: '049000028911',
  scannedGtin: '049000028911',
  itemDistributorId: 41,
  itemId: 7,
  description: 'Tortilla chips',
  din: '100200',
  brand: 'Casa',
  packSize: '6/2 LB',
  distributorId: 531,
  distributor: 'Harborline Foodservice',
};

function renderControl(onFound = vi.fn()) {
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <ScanOrTypeBarcode onFound={onFound} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onFound;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Scan or type barcode', () => {
  it('refuses a wrong check digit on the device, without asking the server', async () => {
    const requests = mockFetch({});
    const onFound = renderControl();
    await userEvent.type(screen.getByRole('textbox', { name: 'Scan or type barcode' }), '049000028912{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('its last digit should be 1');
    expect(screen.getByRole('textbox', { name: 'Scan or type barcode' })).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
    expect(onFound).not.toHaveBeenCalled();
  });

  it('finds the item of a typed case code and hands it to the page', async () => {
    const caseCode = toCaseGtin(CHIPS.gtin, 1);
    const requests = mockFetch({
      [`GET /api/v1/barcodes/${caseCode}`]: () => jsonResponse(200, { data: { ...CHIPS, scannedGtin: caseCode } }),
    });
    const onFound = renderControl();
    await userEvent.type(screen.getByRole('textbox', { name: 'Scan or type barcode' }), caseCode);
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(onFound).toHaveBeenCalledWith(expect.objectContaining({ itemDistributorId: 41 })));
    expect(screen.getByRole('status')).toHaveTextContent('Found: Tortilla chips · Casa · 6/2 LB · Harborline Foodservice');
    expect(requests.map((r) => r.path)).toEqual([`/api/v1/barcodes/${caseCode}`]);
  });

  it('offers to link a code the location has not seen, and links it to the item chosen', async () => {
    const requests = mockFetch({
      'GET /api/v1/analytics/lookup': () =>
        jsonResponse(200, {
          data: [
            {
              ...CHIPS,
              merchantId: 1,
              price: 1250,
              unitMeasure: 'CS',
              imageUrl: '',
              brandImageUrl: '',
              isPurchased: false,
              type: 'order_guide',
            },
          ],
          _meta: { pageCount: 1, currentPage: 1, totalCount: 1 },
        }),
      'POST /api/v1/barcodes': () => jsonResponse(200, { data: CHIPS }),
    });
    const onFound = renderControl();
    await userEvent.type(screen.getByRole('textbox', { name: 'Scan or type barcode' }), '0 49000 02891 1{Enter}');
    expect(await screen.findByText(/No item is linked to barcode/)).toHaveTextContent('049000028911');
    await userEvent.type(screen.getByRole('textbox', { name: 'Item to link the barcode to' }), 'chips');
    await userEvent.click(await screen.findByRole('button', { name: 'Link barcode to Tortilla chips, Harborline Foodservice' }));
    await waitFor(() => expect(onFound).toHaveBeenCalledWith(CHIPS));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ gtin: '049000028911', itemDistributorId: 41 });
  });
});
