import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getAveragePricePaid, type PricePaidLine } from './price-paid.rules';
import { CASE_UNIT, findUnit } from './units.rules';

const unit = (name: string) => findUnit(name)!.id;
const line = (packSize: string, quantity: number, price: number, more: Partial<PricePaidLine> = {}): PricePaidLine => ({
  packSize,
  quantity,
  price,
  unitMeasure: 'CS',
  isMarketPrice: false,
  isCatchWeight: false,
  averageWeight: null,
  receivedWeight: null,
  ...more,
});

describe('the average price paid of a group (price analytics)', () => {
  it('averages a gallon pack and a fluid-ounce pack per gallon, not per case', () => {
    // 4 gal for $159.48 and 12 × 32 fl oz = 3 gal for $132.47: $291.95 for 7 gal.
    const lines = [line('4/1 GAL', 1, 15948), line('12/32 FL OZ', 1, 13247)];
    expect(getAveragePricePaid(lines, unit('gal'))).toBe(4171);
    expect(getAveragePricePaid(lines, unit('fl oz'))).toBe(33); // 29195 / 896
    expect(getAveragePricePaid(lines, CASE_UNIT.id)).toBe(14598); // 29195 / 2, half away from zero
  });

  it('prices catch weight by what was weighed, or the estimate before, never a pound’s price per case', () => {
    const chicken = { unitMeasure: 'LB', isCatchWeight: true, averageWeight: '31.5000' };
    expect(getAveragePricePaid([line('2/15 LB', 3, 1532, chicken)], unit('lb'))).toBe(1532);
    expect(getAveragePricePaid([line('2/15 LB', 3, 1532, chicken)], CASE_UNIT.id)).toBe(48258); // 94.5 lb × $15.32 / 3
    // Weighed 60.2 lb for 2 cases: $922.26 over 60.2 lb.
    expect(getAveragePricePaid([line('2/15 LB', 2, 1532, { ...chicken, receivedWeight: '60.2' })], unit('lb'))).toBe(1532);
    expect(getAveragePricePaid([line('2/15 LB', 2, 1532, { ...chicken, receivedWeight: '60.2' })], unit('oz'))).toBe(96); // 92226 / 963.2
  });

  it('leaves out what it cannot count: market price, weight unknown, packs of another kind', () => {
    expect(getAveragePricePaid([line('4/1 GAL', 2, 15948, { isMarketPrice: true })], unit('gal'))).toBeNull();
    expect(getAveragePricePaid([line('2/15 LB', 2, 1532, { unitMeasure: 'LB', isCatchWeight: true })], unit('lb'))).toBeNull();
    expect(getAveragePricePaid([line('4/1 GAL', 1, 15948), line('10 LB', 5, 100)], unit('gal'))).toBe(3987);
    expect(getAveragePricePaid([], unit('gal'))).toBeNull();
  });

  it('does not depend on how the pack is written (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 99_999 }),
        (count, quantity, price) => {
          // count × 1 gal, written in gallons, quarts or fluid ounces: one price per gallon.
          const asGallons = getAveragePricePaid([line(`${count}/1 GAL`, quantity, price)], unit('gal'));
          const asQuarts = getAveragePricePaid([line(`${count}/4 QT`, quantity, price)], unit('gal'));
          const asOunces = getAveragePricePaid([line(`${count}/128 FL OZ`, quantity, price)], unit('gal'));
          expect(asQuarts).toBe(asGallons);
          expect(asOunces).toBe(asGallons);
        },
      ),
    );
  });

  it('is money over quantity: the price per unit times what was bought gives back what was paid, within rounding (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 40 }), price: fc.integer({ min: 1, max: 99_999 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (bought) => {
          const lines = bought.map((b) => line('6/5 LB', b.quantity, b.price));
          const paid = bought.reduce((sum, b) => sum + b.quantity * b.price, 0);
          const pounds = bought.reduce((sum, b) => sum + b.quantity * 30, 0);
          const perPound = getAveragePricePaid(lines, unit('lb'))!;
          expect(Math.abs(perPound * pounds - paid)).toBeLessThanOrEqual(pounds / 2);
        },
      ),
    );
  });
});
