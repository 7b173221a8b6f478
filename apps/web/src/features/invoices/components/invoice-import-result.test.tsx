import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { formatMoney, type InvoiceImportResult as Result } from '@stockpot/domain';
import { InvoiceImportResult } from './invoice-import-result';

const result: Result = {
  format: 'x12-810',
  invoiceNumber: 'INV-77',
  invoiceDate: '2026-11-20',
  orderId: 1027,
  distributor: 'Stockpot Direct',
  matchedBy: 'po-number',
  noOrderReason: null,
  matchedLines: 2,
  matchedAmount: 7100,
  unmatchedLines: [
    {
      lineNumber: 3,
      itemNumber: 'ZZ-404',
      upc: null,
      description: 'Delivery pallet',
      quantity: '1',
      unitCode: 'EA',
      unitPrice: 25000,
      amount: 250,
    },
    {
      lineNumber: 4,
      itemNumber: null,
      upc: '012345678905',
      description: 'Limes',
      quantity: '2',
      unitCode: 'CA',
      unitPrice: 250,
      amount: 50,
    },
  ],
  total: 7400,
  alreadyImported: false,
};

function show(outcome: Parameters<typeof InvoiceImportResult>[0]['outcome']) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <InvoiceImportResult outcome={outcome} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('an invoice file’s import result', () => {
  it('shows the matched order and a total recomputable from the matched and unmatched amounts beside it', () => {
    show({ fileName: 'invoice.edi', result });
    const card = screen.getByRole('region', { name: 'Result of invoice.edi' });
    expect(within(card).getByRole('link', { name: 'order 1027' })).toHaveAttribute('href', '/order-history/view/1027');
    const rows = within(screen.getByRole('table', { name: 'Unmatched lines of invoice INV-77' }))
      .getAllByRole('row')
      .slice(1);
    const amounts = rows.map((row) => within(row).getAllByRole('cell').at(-1)!.textContent);
    expect(amounts).toEqual(['$2.50', '$0.50']);
    // matched $71.00 + the listed unmatched $2.50 + $0.50 = the total shown.
    const unmatched = result.unmatchedLines.reduce((sum, line) => sum + line.amount, 0);
    expect(result.matchedAmount + unmatched).toBe(result.total);
    expect(card).toHaveTextContent(
      `2 lines matched (${formatMoney(7100)}) + 2 unmatched (${formatMoney(unmatched)}) = total ${formatMoney(7400)} ✓ total checked`,
    );
  });

  it('shows an invoice matched to no order as kept on the waiting list, not as an error', () => {
    const reason =
      'Invoice INV-78 matches no order: it has no PO number, and no order from Stockpot Direct was delivered on 11/20/2026 or placed in the week before. It is kept on the waiting list (matched to no order).';
    show({
      fileName: 'phone.edi',
      result: {
        ...result,
        invoiceNumber: 'INV-78',
        orderId: null,
        matchedBy: null,
        noOrderReason: reason,
        matchedLines: 0,
        matchedAmount: 0,
      },
    });
    const card = screen.getByRole('region', { name: 'Result of phone.edi' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(card).queryByRole('link')).toBeNull();
    expect(card).toHaveTextContent('No matching order');
    expect(card).toHaveTextContent(
      'No matching order: invoice INV-78 of 11/20/2026 from Stockpot Direct is kept on the waiting list',
    );
    expect(card).toHaveTextContent(reason);
  });

  it('shows a file’s error as an alert', () => {
    show({ fileName: 'order.edi', error: 'This file holds an X12 850 transaction, not an 810 invoice.' });
    expect(screen.getByRole('alert')).toHaveTextContent('order.edi');
    expect(screen.getByRole('alert')).toHaveTextContent('not an 810 invoice');
  });
});
