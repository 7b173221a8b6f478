import { describe, expect, it } from 'vitest';
import { describeInvoiceWithoutOrder, describeUnknownDistributor, pickInvoiceDistributor } from './invoice-no-order.rules';

const orders = [
  { id: 10, distributorId: 3 },
  { id: 11, distributorId: 4 },
];

describe('whose invoice it is', () => {
  it('is the distributor chosen beside the file, whatever its PO number names', () => {
    expect(pickInvoiceDistributor(7, 10, orders)).toBe(7);
    expect(pickInvoiceDistributor(7, null, [])).toBe(7);
  });

  it('else the distributor of the location’s order its PO number names', () => {
    expect(pickInvoiceDistributor(null, 11, orders)).toBe(4);
  });

  it('is unknown when no distributor was chosen and the PO number names none of the location’s orders', () => {
    expect(pickInvoiceDistributor(null, null, orders)).toBeNull();
    expect(pickInvoiceDistributor(null, 99, orders)).toBeNull();
  });
});

describe('what the buyer reads', () => {
  it('says why an invoice of a known distributor fits no order, and that it is kept', () => {
    const text = describeInvoiceWithoutOrder(
      { invoiceNumber: 'A1', poNumber: 'PO-9', invoiceDate: '2026-11-20' },
      'Harbor Produce',
    );
    expect(text).toBe(
      'Invoice A1 matches no order: its PO number "PO-9" names no open order of this location, and no order from Harbor Produce was delivered on 11/20/2026 or placed in the week before. It is kept on the waiting list (matched to no order).',
    );
    expect(describeInvoiceWithoutOrder({ invoiceNumber: 'A2', poNumber: null, invoiceDate: '2026-11-20' }, '')).toContain(
      'it has no PO number, and no order was delivered',
    );
  });

  it('says when the invoice’s order was deleted since', () => {
    expect(describeInvoiceWithoutOrder({ invoiceNumber: 'A4', poNumber: 'PO-1', invoiceDate: '2026-11-20' }, 'X', true)).toBe(
      'Invoice A4: its order was deleted since it was imported. It is kept on the waiting list (matched to no order).',
    );
  });

  it('asks for the distributor when nothing tells whose invoice it is', () => {
    expect(describeUnknownDistributor({ invoiceNumber: 'A3', poNumber: null })).toContain('Choose its distributor');
  });
});
