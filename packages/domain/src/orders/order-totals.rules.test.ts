import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  computeOrderTotals,
  computeReceivingTotals,
  describeOrderCredit,
  getLineCredit,
  getOrderLineCents,
  type OrderCreditLine,
} from './order-totals.rules';

const line = (overrides: Partial<OrderCreditLine> = {}): OrderCreditLine => ({
  quantity: 4,
  price: 1_000,
  statusReceived: 'accepted',
  qtyReduction: 0,
  ...overrides,
});

describe('one total per order (issue 32)', () => {
  it('takes a stored credit off the ordered total: $4,966.49 less $40.80 is $4,925.69', () => {
    expect(computeOrderTotals(496_649, 4_080)).toEqual({ orderedTotal: 496_649, credit: 4_080, receivedTotal: 492_569 });
  });

  it('credits the rejected cases of each line at its case price', () => {
    const totals = computeOrderTotals(496_649, [
      line({ quantity: 6, price: 4_080, statusReceived: 'rejected', qtyReduction: 1 }),
      line({ quantity: 3, price: 2_199, statusReceived: 'rejected', qtyReduction: 2 }),
      line({ quantity: 10, price: 999 }),
    ]);
    expect(totals).toEqual({ orderedTotal: 496_649, credit: 4_080 + 2 * 2_199, receivedTotal: 496_649 - 4_080 - 4_398 });
  });

  it('gives no credit for accepted or unchecked lines, nor for a reduction left on an accepted line', () => {
    const lines = [line({ statusReceived: null, qtyReduction: 3 }), line({ statusReceived: 'accepted', qtyReduction: 2 })];
    expect(computeOrderTotals(8_000, lines)).toEqual({ orderedTotal: 8_000, credit: 0, receivedTotal: 8_000 });
  });

  it('counts a short delivery of a whole line, and at least one case for a reject without a quantity', () => {
    expect(
      computeOrderTotals(10_000, [line({ quantity: 5, price: 2_000, statusReceived: 'rejected', qtyReduction: 9 })]).credit,
    ).toBe(10_000);
    expect(
      computeOrderTotals(10_000, [line({ quantity: 5, price: 2_000, statusReceived: 'rejected', qtyReduction: 0 })]).credit,
    ).toBe(2_000);
  });

  it('takes nothing off for a rejected market-price or special line, which the ordered total counts 0', () => {
    const marketPrice = line({ quantity: 3, price: 22_679, statusReceived: 'rejected', qtyReduction: 3, isUnpriced: true });
    expect(computeOrderTotals(5_000, [marketPrice, line({ quantity: 1, price: 5_000 })]).credit).toBe(0);
  });

  it('never owes back more than the order cost', () => {
    expect(computeOrderTotals(3_000, 4_000)).toEqual({ orderedTotal: 3_000, credit: 3_000, receivedTotal: 0 });
  });

  it('refuses amounts that are not whole cents, and a negative credit', () => {
    expect(() => computeOrderTotals(10.5, 0)).toThrow(RangeError);
    expect(() => computeOrderTotals(1_000, 0.5)).toThrow(RangeError);
    expect(() => computeOrderTotals(1_000, -1)).toThrow(RangeError);
  });

  it('keeps ordered = credit + received with 0 <= credit <= ordered (property)', () => {
    const lineArb = fc.record({
      quantity: fc.integer({ min: 1, max: 500 }),
      price: fc.integer({ min: 0, max: 1_000_000 }),
      statusReceived: fc.constantFrom<OrderCreditLine['statusReceived']>('accepted', 'rejected', null),
      qtyReduction: fc.integer({ min: 0, max: 600 }),
      isUnpriced: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.array(lineArb, { maxLength: 30 }), (ordered, lines) => {
        const totals = computeOrderTotals(ordered, lines);
        expect(totals.orderedTotal).toBe(ordered);
        expect(totals.credit + totals.receivedTotal).toBe(ordered);
        expect(totals.credit).toBeGreaterThanOrEqual(0);
        expect(totals.credit).toBeLessThanOrEqual(ordered);
        // The stored credit read back gives the same three figures as the lines did.
        expect(computeOrderTotals(ordered, totals.credit)).toEqual(totals);
      }),
    );
  });

  it("gives order-complete the order's ordered total when it is known, else its priced lines", () => {
    const lines = [
      { ...line({ quantity: 2, price: 1_500, statusReceived: 'rejected', qtyReduction: 1 }), receiveChecked: true },
      { ...line({ quantity: 1, price: 9_999, isUnpriced: true }), receiveChecked: true },
    ];
    expect(computeReceivingTotals(lines)).toEqual({ originalTotal: 3_000, creditRefusal: 1_500, newTotal: 1_500 });
    expect(computeReceivingTotals(lines, 3_500)).toEqual({ originalTotal: 3_500, creditRefusal: 1_500, newTotal: 2_000 });
  });

  it('names the credit as order history shows it', () => {
    expect(describeOrderCredit(4_080)).toBe('credit $40.80');
    expect(describeOrderCredit(0)).toBeNull();
  });
});

describe('catch weight in the credit and the ordered total (issue 32)', () => {
  /** $15.32 a pound, about 31.5 lb a case, three cases: ≈ 94.5 lb. */
  const ribeye = (overrides: Partial<OrderCreditLine> = {}) =>
    line({
      quantity: 3,
      price: 1_532,
      unitMeasure: 'LB',
      isCatchWeight: true,
      averageWeight: '31.5000',
      receivedWeight: null,
      ...overrides,
    });

  it('counts a catch-weight line at its estimate, then at the weight received', () => {
    // 94.5 lb × $15.32 = $1,447.74; 60.2 lb × $15.32 = $922.264 → $922.26
    expect(getOrderLineCents(ribeye())).toBe(144_774);
    expect(getOrderLineCents(ribeye({ receivedWeight: '60.2' }))).toBe(92_226);
    // a case price is not a pound price: the same figures priced per case are 3 × $15.32
    expect(getOrderLineCents(ribeye({ unitMeasure: 'CS' }))).toBe(4_596);
    expect(getOrderLineCents(ribeye({ isUnpriced: true }))).toBe(0);
  });

  it('credits a rejected case at its estimated weight, never at the price of a pound', () => {
    // one case of about 31.5 lb at $15.32 = $482.58, not $15.32
    expect(getLineCredit(ribeye({ statusReceived: 'rejected', qtyReduction: 1 }))).toBe(48_258);
    const totals = computeReceivingTotals([{ ...ribeye({ statusReceived: 'rejected', qtyReduction: 1 }), receiveChecked: true }]);
    expect(totals).toEqual({ originalTotal: 144_774, creditRefusal: 48_258, newTotal: 144_774 - 48_258 });
  });

  it('credits nothing when the accepted cases were weighed, and the whole line when every case went back', () => {
    expect(getLineCredit(ribeye({ statusReceived: 'rejected', qtyReduction: 1, receivedWeight: '60.2' }))).toBe(0);
    expect(getLineCredit(ribeye({ statusReceived: 'rejected', qtyReduction: 3 }))).toBe(144_774);
    // no average weight: neither the line nor its credit can be counted
    expect(getLineCredit(ribeye({ statusReceived: 'rejected', qtyReduction: 1, averageWeight: null }))).toBe(0);
  });

  it('keeps a weighed line and its credit inside its estimate (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 900_000 }),
        fc.nat({ max: 40 }),
        (quantity, price, tenthsOfPound, rejected) => {
          const weighed = ribeye({
            quantity,
            price,
            averageWeight: (tenthsOfPound / 10).toFixed(1),
            statusReceived: rejected > 0 ? 'rejected' : 'accepted',
            qtyReduction: Math.min(rejected, quantity),
          });
          const credit = getLineCredit(weighed);
          const estimate = getOrderLineCents(weighed);
          expect(credit).toBeGreaterThanOrEqual(0);
          expect(credit).toBeLessThanOrEqual(estimate);
          // a case-priced line credits price × cases exactly
          const byCase = { ...weighed, unitMeasure: 'CS' };
          expect(getLineCredit(byCase)).toBe(rejected > 0 ? price * Math.min(Math.max(1, rejected), quantity) : 0);
        },
      ),
    );
  });
});
