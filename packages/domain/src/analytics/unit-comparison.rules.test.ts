import { describe, expect, it } from 'vitest';
import { getUnitPricePair } from './unit-comparison.rules';

const offer = (priceCents: number, packSize: string, unitMeasure = 'CS') => ({ priceCents, packSize, unitMeasure });

describe('getUnitPricePair', () => {
  it('shows the vinegar of issue 32 dearer per gallon in the 12/32 FL OZ case', () => {
    // $159.48 / 4 gal = $39.87/gal; $132.47 / (12 × 32 / 128 gal) = $44.1567/gal
    expect(getUnitPricePair(offer(15_948, '4/1 GAL'), offer(13_247, '12/32 FL OZ'))).toEqual({
      unit: 'GAL',
      unitPrice: 398_700,
      otherUnitPrice: 441_567,
      order: 1,
    });
  });

  it('quotes a catch-weight item per pound against a case of pounds', () => {
    // $4.50/lb against 1/10 LB at $40.00 ($4.00/lb)
    expect(getUnitPricePair(offer(450, '1/10 LB', 'LB'), offer(4_000, '1/10 LB'))).toEqual({
      unit: 'LB',
      unitPrice: 45_000,
      otherUnitPrice: 40_000,
      order: -1,
    });
  });

  it('refuses offers of different kinds or an each of a weight pack', () => {
    expect(getUnitPricePair(offer(4_000, '1/10 LB'), offer(4_000, '1/1 GAL'))).toBeNull();
    expect(getUnitPricePair(offer(4_000, '1/10 LB'), offer(42, '1/10 LB', 'EA'))).toBeNull();
    expect(getUnitPricePair(offer(4_000, '6/#10 CN'), offer(4_000, '12/#5 CN'))).toBeNull();
  });
});
