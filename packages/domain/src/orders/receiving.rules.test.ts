import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canReceiveOrder,
  describeReceivedMeanwhile,
  checkOrderItems,
  clampRejectQuantity,
  getOnHandDelta,
  getOrderLineSource,
  getOrderRowAction,
  getOrderStatusDisplay,
  getReceivedQuantity,
  pickOrderDownload,
  getReconciliationTotals,
  RECONCILIATION_STATUS_LABELS,
  reconcileOrder,
  type ReceivingLine,
} from './receiving.rules';
import { formatInstantTime } from './order-dates.rules';
import { computeReceivingTotals } from './order-totals.rules';

const line = (overrides: Partial<ReceivingLine> = {}): ReceivingLine => ({
  quantity: 4,
  price: 2_500,
  receiveChecked: true,
  statusReceived: 'accepted',
  qtyReduction: 0,
  ...overrides,
});

describe('order status display (doc 3 §4)', () => {
  it('shows received, cancelled, electronic invoice, and On the Way for anything else', () => {
    expect(getOrderStatusDisplay('received')).toBe('Received');
    expect(getOrderStatusDisplay('cancelled')).toBe('Cancelled');
    expect(getOrderStatusDisplay('electronically_received')).toBe('Electronic Invoice');
    expect(getOrderStatusDisplay('electronically_received', 'item')).toBe('Received');
    expect(getOrderStatusDisplay('submitted')).toBe('On the Way');
    expect(getOrderStatusDisplay('')).toBe('On the Way');
  });

  it('receives or edits any order but a cancelled one', () => {
    expect(canReceiveOrder('cancelled')).toBe(false);
    for (const status of ['submitted', 'received', 'electronically_received']) expect(canReceiveOrder(status)).toBe(true);
  });

  it('offers Edit on received orders and Receive otherwise', () => {
    expect(getOrderRowAction('received')).toBe('Edit');
    expect(getOrderRowAction('electronically_received')).toBe('Edit');
    expect(getOrderRowAction('submitted')).toBe('Receive');
  });

  it('labels lines Special Request or Order Guide', () => {
    expect(getOrderLineSource(1)).toBe('Special Request');
    expect(getOrderLineSource(0)).toBe('Order Guide');
  });
});

describe('Order Checked (doc 3 §5)', () => {
  it('does nothing until every item is checked', () => {
    expect(checkOrderItems([line(), line({ receiveChecked: false })])).toEqual({ ok: false, reason: 'not_all_checked' });
    expect(checkOrderItems([])).toEqual({ ok: false, reason: 'not_all_checked' });
  });

  it('asks for prices when an item has price times quantity 0', () => {
    const result = checkOrderItems([line(), line({ price: 0 })]);
    expect(result).toMatchObject({
      ok: false,
      reason: 'missing_prices',
      title: 'Not all your items have prices',
      message: 'To complete the receiving of this order please enter all your price data.',
      button: 'Got It',
    });
    expect(checkOrderItems([line(), line({ quantity: 0 })]).ok).toBe(false);
  });

  it('checks before prices: an unchecked unpriced item is "not all checked"', () => {
    expect(checkOrderItems([line({ price: 0, receiveChecked: false })])).toEqual({ ok: false, reason: 'not_all_checked' });
  });

  it('passes when every item is checked and priced', () => {
    expect(checkOrderItems([line(), line({ statusReceived: 'rejected', qtyReduction: 2 })])).toEqual({ ok: true });
  });
});

describe('credit and new totals', () => {
  it('credits the rejected cases at the line price', () => {
    const totals = computeReceivingTotals([
      line({ quantity: 4, price: 2_500 }),
      line({ quantity: 3, price: 1_000, statusReceived: 'rejected', qtyReduction: 2 }),
    ]);
    expect(totals).toEqual({ originalTotal: 13_000, creditRefusal: 2_000, newTotal: 11_000 });
  });

  it('caps a rejection to the ordered quantity and counts at least one case', () => {
    expect(getReceivedQuantity(line({ quantity: 3, statusReceived: 'rejected', qtyReduction: 9 }))).toBe(0);
    expect(getReceivedQuantity(line({ quantity: 3, statusReceived: 'rejected', qtyReduction: 0 }))).toBe(2);
    expect(getReceivedQuantity(line({ quantity: 3, statusReceived: 'accepted', qtyReduction: 2 }))).toBe(3);
  });

  it('keeps original = credit + new total and 0 <= credit <= original (property)', () => {
    const lineArb = fc.record({
      quantity: fc.integer({ min: 1, max: 500 }),
      price: fc.integer({ min: 0, max: 1_000_000 }),
      receiveChecked: fc.boolean(),
      statusReceived: fc.constantFrom<ReceivingLine['statusReceived']>('accepted', 'rejected', null),
      qtyReduction: fc.integer({ min: 0, max: 600 }),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), (lines) => {
        const totals = computeReceivingTotals(lines);
        expect(totals.originalTotal).toBe(totals.creditRefusal + totals.newTotal);
        expect(totals.creditRefusal).toBeGreaterThanOrEqual(0);
        expect(totals.creditRefusal).toBeLessThanOrEqual(totals.originalTotal);
        expect(Number.isInteger(totals.newTotal)).toBe(true);
      }),
    );
  });

  it('runs the reject stepper from 1 to the ordered quantity', () => {
    expect(clampRejectQuantity(0, 5)).toBe(1);
    expect(clampRejectQuantity(7, 5)).toBe(5);
    expect(clampRejectQuantity(3, 5)).toBe(3);
    expect(clampRejectQuantity(Number.NaN, 5)).toBe(1);
  });

  it('raises on-hand by the change in received cases only', () => {
    expect(getOnHandDelta(null, 4)).toBe(4);
    expect(getOnHandDelta(4, 4)).toBe(0);
    expect(getOnHandDelta(4, 2)).toBe(-2);
  });
});

describe('order download (doc 3 §2.5)', () => {
  it('prefers the invoice file, then the PDF, then the Excel purchase order', () => {
    const base = { invoiceUrl: null, purchaseOrderUrl: null, purchaseOrderUrlExcel: null };
    expect(pickOrderDownload(base)).toBeNull();
    expect(pickOrderDownload({ ...base, purchaseOrderUrlExcel: '/x.xlsx' })).toEqual({ url: '/x.xlsx', kind: 'xlsx' });
    expect(pickOrderDownload({ ...base, purchaseOrderUrl: '/x.pdf', purchaseOrderUrlExcel: '/x.xlsx' })?.kind).toBe('pdf');
    expect(pickOrderDownload({ invoiceUrl: '/i', purchaseOrderUrl: '/x.pdf', purchaseOrderUrlExcel: '/x.xlsx' })?.kind).toBe(
      'invoice',
    );
  });
});

describe('reconciliation (ordered vs received vs invoiced)', () => {
  const input = {
    orderItemId: 1,
    description: 'Chicken breast',
    orderedQuantity: 5,
    orderedPrice: 4_000,
    receivedQuantity: 5 as number | null,
    invoicedQuantity: 5 as number | null,
    invoicedPrice: 4_000 as number | null,
  };

  it('owes nothing when all three agree', () => {
    const result = reconcileOrder([input]);
    expect(result.lines[0]).toMatchObject({ status: 'matched', creditOwed: 0 });
    expect(result.creditStatus).toBe('none');
  });

  it('owes cases invoiced but not received, at the invoiced price', () => {
    const result = reconcileOrder([{ ...input, receivedQuantity: 3 }]);
    expect(result.lines[0]).toMatchObject({ status: 'over_invoiced', creditOwed: 8_000 });
    expect(result.creditStatus).toBe('open');
    expect(reconcileOrder([{ ...input, receivedQuantity: 3 }], true).creditStatus).toBe('closed');
  });

  it('owes the price difference on received cases billed above the order price', () => {
    const result = reconcileOrder([{ ...input, invoicedPrice: 4_250 }]);
    expect(result.lines[0]).toMatchObject({ status: 'price_variance', creditOwed: 1_250 });
  });

  it('owes both the missing cases and the overcharge on a line short and billed above the order price', () => {
    // Ordered 5 at $40.00, received 3, invoiced 5 at $42.50: billed $212.50 for what should cost
    // 3 × $40.00 = $120.00, so $92.50 is owed (2 missing cases at $42.50 and $2.50 on each of 3).
    const result = reconcileOrder([{ ...input, receivedQuantity: 3, invoicedPrice: 4_250 }]);
    expect(result.lines[0]).toMatchObject({ status: 'over_invoiced', creditOwed: 9_250 });
    expect(result.creditOwed).toBe(5 * 4_250 - 3 * 4_000);
  });

  it('leaves the location paying the cases it got at the lower of the two prices (property)', () => {
    const cases = fc.integer({ min: 0, max: 40 });
    const price = fc.integer({ min: 1, max: 50_000 });
    fc.assert(
      fc.property(cases, price, cases, cases, price, (ordered, orderedPrice, received, invoiced, invoicedPrice) => {
        const [reconciled] = reconcileOrder([
          {
            ...input,
            orderedQuantity: ordered,
            orderedPrice,
            receivedQuantity: received,
            invoicedQuantity: invoiced,
            invoicedPrice,
          },
        ]).lines;
        const paid = invoiced * invoicedPrice - reconciled.creditOwed;
        expect(paid).toBe(Math.min(received, invoiced) * Math.min(orderedPrice, invoicedPrice));
      }),
    );
  });

  it('waits for both the invoiced quantity and price before using the invoice', () => {
    const halfKnown = [
      { ...input, receivedQuantity: 3, invoicedPrice: null },
      { ...input, receivedQuantity: 3, invoicedQuantity: null, invoicedPrice: 4_250 },
    ];
    for (const line of halfKnown) {
      expect(reconcileOrder([line]).lines[0]).toMatchObject({ status: 'short', creditOwed: 2 * 4_000 });
    }
  });

  it('reads a short delivery invoiced as delivered as short, with nothing owed', () => {
    const result = reconcileOrder([{ ...input, receivedQuantity: 3, invoicedQuantity: 3 }]);
    expect(result.lines[0]).toMatchObject({ status: 'short', creditOwed: 0 });
    expect(result.creditStatus).toBe('none');
  });

  it('uses the receiving credit until the invoice arrives, and ignores lines not received', () => {
    const result = reconcileOrder([
      { ...input, receivedQuantity: 4, invoicedQuantity: null, invoicedPrice: null },
      { ...input, orderItemId: 2, receivedQuantity: null },
      { ...input, orderItemId: 3, invoicedQuantity: null, invoicedPrice: null },
    ]);
    expect(result.lines.map((l) => [l.status, l.creditOwed])).toEqual([
      ['short', 4_000],
      ['not_received', 0],
      ['awaiting_invoice', 0],
    ]);
    expect(result.creditOwed).toBe(4_000);
  });
});

describe('reconciliation totals (integer cents)', () => {
  const line = {
    orderItemId: 1,
    description: 'Chicken breast',
    orderedQuantity: 4,
    orderedPrice: 4_199,
    receivedQuantity: 3,
    invoicedQuantity: null,
    invoicedPrice: null,
  };

  it('sums ordered and received cases at the ordered price, and no invoiced total before any invoice line', () => {
    expect(getReconciliationTotals([line, { ...line, orderItemId: 2, receivedQuantity: null }])).toEqual({
      orderedTotal: 8 * 4_199,
      receivedTotal: 3 * 4_199,
      invoicedTotal: null,
    });
  });

  it('sums invoiced cases at the invoiced price, exactly in cents', () => {
    const totals = getReconciliationTotals([
      { ...line, invoicedQuantity: 3, invoicedPrice: 10 },
      { ...line, orderItemId: 2, orderedPrice: 20, invoicedQuantity: 7, invoicedPrice: 20 },
    ]);
    // 0.10 × 3 + 0.20 × 7 is 1.70 exactly: no floating-point residue.
    expect(totals.invoicedTotal).toBe(170);
    expect(Number.isInteger(totals.orderedTotal)).toBe(true);
  });

  it('has no invoiced total while a line has only half of its invoice entry', () => {
    expect(getReconciliationTotals([{ ...line, invoicedQuantity: 4, invoicedPrice: null }]).invoicedTotal).toBeNull();
    expect(getReconciliationTotals([{ ...line, invoicedQuantity: null, invoicedPrice: 4_199 }]).invoicedTotal).toBeNull();
  });

  it('reads each status in words', () => {
    expect(RECONCILIATION_STATUS_LABELS).toEqual({
      matched: 'Matched',
      short: 'Short',
      over_invoiced: 'Billed for missing cases',
      price_variance: 'Price differs',
      awaiting_invoice: 'Awaiting invoice',
      not_received: 'Not received',
    });
  });

  it('owes the credit of a billed-but-missing case and an overcharge together, and labels every status', () => {
    const result = reconcileOrder([
      { ...line, invoicedQuantity: 4, invoicedPrice: 4_199 },
      { ...line, orderItemId: 2, receivedQuantity: 4, invoicedQuantity: 4, invoicedPrice: 4_209 },
    ]);
    expect(result.lines.map((l) => l.creditOwed)).toEqual([4_199, 40]);
    expect(result.creditOwed).toBe(4_239);
    for (const l of result.lines) expect(RECONCILIATION_STATUS_LABELS[l.status]).toBeTruthy();
  });
});

describe('receiving completed meanwhile (issue 33)', () => {
  it('names who and when, and says nothing of the reader was saved', () => {
    expect(describeReceivedMeanwhile('Dana Cook', '3:42 PM on 11/25/2026')).toBe(
      'Dana Cook completed receiving of this order at 3:42 PM on 11/25/2026 while you had it open. Nothing of yours was saved: reload the order to see what was received.',
    );
    expect(describeReceivedMeanwhile(null, null)).toMatch(
      /^Someone else completed receiving of this order while you had it open\./,
    );
  });

  it("reads the time on the location's clock", () => {
    const instant = new Date('2026-11-25T21:42:00Z');
    expect(formatInstantTime(instant, 'America/Chicago')).toBe('3:42 PM');
    expect(formatInstantTime(instant, 'America/New_York')).toBe('4:42 PM');
  });
});
