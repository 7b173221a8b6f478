import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  arePacksComparable,
  compareUnitPrices,
  GRAMS_PER_LB,
  normaliseUom,
  PACK_UNITS,
  UOM_ALIASES,
  getNormalisedUnit,
  getNormalisedUnitPrice,
  getSavingsPerCase,
  parsePackSize,
  roundRatio,
} from './pack-size.rules';

const pack = (text: string) => {
  const parsed = parsePackSize(text);
  if (!parsed) throw new Error(`unparsed ${text}`);
  return parsed;
};

describe('parsePackSize', () => {
  it('reads outer count, inner size and unit', () => {
    expect(pack('4/10 LB')).toMatchObject({ unitQuantity: 4, uom: 'LB', family: 'weight' });
    expect(pack('24/12 FL OZ')).toMatchObject({ unitQuantity: 24, uom: 'FL OZ', family: 'volume' });
    expect(pack('200/1 EA')).toMatchObject({ unitQuantity: 200, uom: 'EA', family: 'count' });
    expect(pack('12/2.5 lbs')).toMatchObject({ unitQuantity: 12, uom: 'LB', unitSize: { num: 25n, den: 10n } });
  });

  it('treats #10 cans as containers that only compare with the same container', () => {
    const cans = pack('6/#10 CN');
    expect(cans).toMatchObject({ unitQuantity: 6, uom: '#10 CN', family: 'count' });
    expect(arePacksComparable(cans, pack('12/#10 CN'))).toBe(true);
    expect(arePacksComparable(cans, pack('6/1 EA'))).toBe(false);
  });

  it('returns null for text that is not a pack size', () => {
    expect(parsePackSize('case')).toBeNull();
    expect(parsePackSize('0/10 LB')).toBeNull();
    expect(parsePackSize('4/10 PARSECS')).toBeNull();
    expect(parsePackSize('')).toBeNull();
  });
});

describe('normalised unit price', () => {
  it('quotes weight per LB, volume per FL OZ and count per EA', () => {
    // $40.00 for 4 × 10 lb = $1.0000 per lb
    expect(getNormalisedUnitPrice(4000, pack('4/10 LB'))).toBe(10000);
    expect(getNormalisedUnit(pack('4/10 LB'))).toBe('LB');
    // $16.00 for 16 × 1 oz = 1 lb → $16.0000 per lb
    expect(getNormalisedUnitPrice(1600, pack('16/1 OZ'))).toBe(160000);
    // $6.50 for 1000 napkins → $0.0065 each
    expect(getNormalisedUnitPrice(650, pack('1000/1 EA'))).toBe(65);
    // $12.80 for 4 × 1 gal = 512 fl oz → $0.0250 per fl oz
    expect(getNormalisedUnitPrice(1280, pack('4/1 GAL'))).toBe(250);
  });

  it('compares across units exactly', () => {
    // 50 lb for $40 vs 32 × 25 oz (= 50 lb) for $40: equal per pound
    expect(compareUnitPrices(4000, pack('1/50 LB'), 4000, pack('32/25 OZ'))).toBe(0);
    expect(compareUnitPrices(3999, pack('1/50 LB'), 4000, pack('32/25 OZ'))).toBe(-1);
    expect(compareUnitPrices(4000, pack('1/1 GAL'), 3000, pack('4/1 QT'))).toBe(1);
  });

  it('computes savings per case of the current item for the same quantity', () => {
    // current: 4/10 LB at $60 ($1.50/lb); alternative 1/50 LB at $50 ($1/lb); 40 lb → $40, saves $20
    expect(getSavingsPerCase(6000, pack('4/10 LB'), 5000, pack('1/50 LB'))).toBe(2000);
    expect(getSavingsPerCase(5000, pack('1/50 LB'), 6000, pack('4/10 LB'))).toBe(-2500);
  });

  it('rounds halves away from zero', () => {
    expect(roundRatio(5n, 2n)).toBe(3n);
    expect(roundRatio(-5n, 2n)).toBe(-3n);
    expect(roundRatio(4n, 3n)).toBe(1n);
  });

  it('never finds savings between an item and itself in another notation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 1_000_000 }), (count, price) => {
        const a = pack(`${count}/16 OZ`);
        const b = pack(`${count}/1 LB`);
        expect(getSavingsPerCase(price, a, price, b)).toBe(0);
        expect(compareUnitPrices(price, a, price, b)).toBe(0);
      }),
    );
  });
});

describe('units', () => {
  it('normalises unit spellings the way pack sizes are parsed', () => {
    expect(normaliseUom(' fl.  oz ')).toBe('FL OZ');
    expect(normaliseUom('lbs')).toBe('LB');
    expect(normaliseUom('Each')).toBe('EA');
    expect(normaliseUom('#10 cn')).toBe('#10 CN');
    expect(pack('24/16.9 fl. oz').uom).toBe('FL OZ');
  });

  it('lists every unit with its family and exact size in base units; aliases name listed units', () => {
    expect(PACK_UNITS.LB).toEqual({ family: 'weight', toBase: GRAMS_PER_LB });
    expect(PACK_UNITS['FL OZ'].family).toBe('volume');
    expect(PACK_UNITS.DZ.toBase).toEqual({ num: 12n, den: 1n });
    for (const target of Object.values(UOM_ALIASES)) expect(PACK_UNITS[target]).toBeDefined();
    for (const [name, unit] of Object.entries(PACK_UNITS)) {
      const parsed = pack(`1/1 ${name}`);
      expect(parsed.family, name).toBe(unit.family);
      expect(parsed.totalBase.num * unit.toBase.den, name).toBe(unit.toBase.num * parsed.totalBase.den);
    }
  });
});

describe('parsePackSize memo', () => {
  it('answers the same frozen pack for the same text, so no caller can change what another reads', () => {
    const first = parsePackSize('4/5 LB');
    expect(parsePackSize('4/5 LB')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.totalBase)).toBe(true);
    expect(parsePackSize('not a pack')).toBeNull();
    expect(parsePackSize('not a pack')).toBeNull();
  });
});
