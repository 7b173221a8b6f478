import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatUnitPriceLabel, getItemUnitPrice, getUnitPrice } from './unit-price.rules';
import type { PricedItem } from './price.rules';

describe('the unit-price rule (table)', () => {
  it.each([
    // issue 23: the oyster read "$0.8478 / CS"
    [8478, 'CS', '1/100 EA', '$0.8478 / EA'],
    // the shrimp: the same label in the row and in its savings modal
    [4485, 'CS', '5/2 LB', '$4.4850 / LB'],
    [4485, 'CS', '10/1 LB', '$4.4850 / LB'],
    [2400, 'CS', '24/16 OZ', '$0.0625 / OZ'],
    [4800, 'CS', '12/1 QT', '$4.0000 / QT'],
    [3150, 'CS', '24/12 FL OZ', '$0.1094 / FL OZ'],
    [1875, 'CS', '6/#10 CN', '$3.1250 / CN'],
    [2999, 'CS', '1/15 DZ', '$1.9993 / DZ'],
    // catch weight: priced per LB, quoted per unit of its weight pack
    [899, 'LB', '1/10 LB', '$8.9900 / LB'],
    [1600, 'LB', '4/40 OZ', '$1.0000 / OZ'],
    // a pack it cannot read: per unit of sale
    [1250, 'CS', 'case', '$12.5000 / CS'],
    [1250, '', '', '$12.5000 / CS'],
    // doc 1 §2: under a cent
    [4500, 'CS', '1/5000 EA', 'Unit Price below $0.01'],
  ])('%i cents %s %s → %s', (price, unitMeasure, packSize, label) => {
    expect(formatUnitPriceLabel(getUnitPrice(price, unitMeasure, packSize))).toBe(label);
  });
});

describe('the unit-price rule (properties)', () => {
  const packArb = fc.record({
    outer: fc.integer({ min: 1, max: 48 }),
    inner: fc.integer({ min: 1, max: 500 }),
    unit: fc.constantFrom('LB', 'OZ', 'EA', 'GAL', 'FL OZ', 'DZ'),
  });

  it('is the case price over the units in the case, rounded once, in the pack unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), packArb, (price, { outer, inner, unit }) => {
        const result = getUnitPrice(price, 'CS', `${outer}/${inner} ${unit}`);
        expect(result.unit).toBe(unit);
        // |unitPrice × units − price × 100| ≤ units / 2: the nearest ten-thousandth
        const units = outer * inner;
        expect(2 * Math.abs(result.unitPrice * units - price * 100)).toBeLessThanOrEqual(units);
      }),
    );
  });

  it('never labels a unit price with the unit of sale when the pack can be read', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), packArb, (price, { outer, inner, unit }) => {
        const label = formatUnitPriceLabel(getUnitPrice(price, 'CS', `${outer}/${inner} ${unit}`));
        expect(label.endsWith(' / CS')).toBe(false);
      }),
    );
  });
});

describe('unit price of a list item', () => {
  const item: PricedItem & { unitMeasure: string; packSize: string } = {
    type: 'item',
    price: 5000,
    purchasedPrice: 4000,
    endDate: '2026-01-01',
    isPriceOutdated: false,
    isFromInvoice: true,
    unitMeasure: 'CS',
    packSize: '4/10 LB',
  };

  it('follows the price the buyer pays: the invoice price once the guide price has ended', () => {
    // guide $50 → $1.2500 / LB; invoice $40 → $1.0000 / LB
    expect(getItemUnitPrice(item, '2025-12-01')).toEqual({ unitPrice: 12500, unit: 'LB' });
    expect(getItemUnitPrice(item, '2026-02-01')).toEqual({ unitPrice: 10000, unit: 'LB' });
  });

  it("uses the buyer's custom pack size when it can be read", () => {
    expect(getItemUnitPrice({ ...item, customPackSize: '2/10 LB' }, '2025-12-01')).toEqual({ unitPrice: 25000, unit: 'LB' });
    expect(getItemUnitPrice({ ...item, customPackSize: 'box' }, '2025-12-01').unit).toBe('LB');
  });
});
