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
  getPackBaseUnitPrice,
  getPackUnit,
  getPriceInUnit,
  parsePackSize,
  roundRatio,
} from './pack-size.rules';
import { reduceRatio } from '../units/ratio';
import { formatUnitPriceLabel, getSaleBaseUnitPrice, getSaleContent, getUnitPrice, quoteBaseUnitPrice } from './unit-price.rules';

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

// Edges of pack sizes and unit prices (issue 32 mutation scores, docs/quality.md).
describe('pack sizes that hold nothing or are written loosely', () => {
  it('refuses a pack of nothing: no outer count, an inner size of zero', () => {
    expect(parsePackSize('0/10 LB')).toBeNull();
    expect(parsePackSize('4/0 LB')).toBeNull();
    expect(parsePackSize('4/0.00 OZ')).toBeNull();
    expect(parsePackSize('4/10')).toBeNull();
    expect(parsePackSize('4/10 LB extra/2')).toBeNull();
    // Nothing before the outer count either: a word there is no pack this rule reads.
    expect(parsePackSize('CASE 12/1 LB')).toBeNull();
  });

  it('reads a unit written against its size, as distributors’ files often do', () => {
    expect(pack('12/1LB')).toMatchObject({ unitQuantity: 12, uom: 'LB', unitSize: { num: 1n, den: 1n } });
    expect(reduceRatio(pack('6/0.5GAL').totalBase)).toEqual(reduceRatio(pack('3/1 GAL').totalBase));
  });

  it('reads spaces, decimals and aliases as the same pack', () => {
    const same = (a: string, b: string) => expect(reduceRatio(pack(a).totalBase)).toEqual(reduceRatio(pack(b).totalBase));
    same(' 4 / 10 lbs ', '4/10 LB');
    same('2/0.5 gallon', '1/1 GAL');
    same('1/1 DZ', '12/1 EA');
  });

  it('counts a container pack in containers, one per inner pack', () => {
    const cans = pack('6/#10 CN');
    expect(cans.totalBase).toEqual({ num: 6n, den: 1n });
    expect(cans.unitSize).toEqual({ num: 1n, den: 1n });
    expect(cans.comparableKey).toBe('container:#10 CN');
    expect(getPackUnit(cans)).toBe('CN');
    expect(getNormalisedUnit(cans)).toBe('#10 CN');
    // $18.75 for six cans: $3.1250 a can
    expect(getNormalisedUnitPrice(1875, cans)).toBe(31_250);
  });
});

describe('a case price quoted in a unit', () => {
  it('quotes in any unit of the pack’s kind, however it is spelled', () => {
    // $40.00 for 4 × 10 lb: $1.0000 / LB, $0.0625 / OZ, $2.2046 / KG
    expect(getPriceInUnit(4000, pack('4/10 LB'), 'LB')).toBe(10_000);
    expect(getPriceInUnit(4000, pack('4/10 LB'), 'ounce')).toBe(625);
    expect(getPriceInUnit(4000, pack('4/10 LB'), 'kg')).toBe(22_046);
    expect(getPriceInUnit(1875, pack('6/#10 CN'), 'CN')).toBe(31_250);
  });

  it('refuses a unit of another kind, an unknown unit, or another word for a container', () => {
    expect(getPriceInUnit(4000, pack('4/10 LB'), 'GAL')).toBeNull();
    expect(getPriceInUnit(4000, pack('4/10 LB'), 'PARSEC')).toBeNull();
    expect(getPriceInUnit(1875, pack('6/#10 CN'), 'EA')).toBeNull();
    expect(getPriceInUnit(1875, pack('6/#10 CN'), 'LB')).toBeNull();
  });

  it('quotes a price per pound only for a weight pack; otherwise per its unit of sale', () => {
    // catch weight $8.99/LB of a 4/40 OZ pack: $0.5619 / OZ
    expect(getUnitPrice(899, 'LB', '4/40 OZ')).toEqual({ unitPrice: 5619, unit: 'OZ' });
    // priced by the pound but packed in gallons or cans: the pound price as it is
    expect(getUnitPrice(899, 'LB', '4/1 GAL')).toEqual({ unitPrice: 89_900, unit: 'LB' });
    expect(getUnitPrice(899, 'LB', '6/#10 CN')).toEqual({ unitPrice: 89_900, unit: 'LB' });
    // priced by the each: already a unit price
    expect(getUnitPrice(125, 'EA', '1/100 EA')).toEqual({ unitPrice: 12_500, unit: 'EA' });
  });

  it('labels from one cent up with the unit, and a negative price with its sign', () => {
    expect(formatUnitPriceLabel({ unitPrice: 100, unit: 'EA' })).toBe('$0.0100 / EA');
    expect(formatUnitPriceLabel({ unitPrice: 99, unit: 'EA' })).toBe('Unit Price below $0.01');
    expect(formatUnitPriceLabel({ unitPrice: 0, unit: 'EA' })).toBe('Unit Price below $0.01');
    expect(formatUnitPriceLabel({ unitPrice: -50, unit: 'EA' })).toBe('-$0.0050 / EA');
  });
});

describe('what one unit of sale holds (units core)', () => {
  it('a case holds its pack, a pound its grams, an each one piece of a count pack', () => {
    expect(getSaleContent('CS', '4/10 LB')).toEqual({ key: 'weight', kind: 'weight', base: pack('4/10 LB').totalBase });
    expect(getSaleContent('', '4/10 LB')).toEqual(getSaleContent('CS', '4/10 LB'));
    expect(getSaleContent('LB', '4/10 LB')).toEqual({ key: 'weight', kind: 'weight', base: { num: 45_359_237n, den: 100_000n } });
    expect(getSaleContent('EA', '1/100 EA')).toEqual({ key: 'count', kind: 'count', base: { num: 1n, den: 1n } });
    expect(getSaleContent('EA', '6/#10 CN')).toEqual({ key: 'container:#10 CN', kind: 'count', base: { num: 1n, den: 1n } });
  });

  it('is unknown for an each of a weight pack, a pound of a volume pack or a can, another unit of sale, or an unreadable pack', () => {
    expect(getSaleContent('EA', '4/10 LB')).toBeNull();
    expect(getSaleContent('LB', '4/1 GAL')).toBeNull();
    expect(getSaleContent('LB', '6/#10 CN')).toBeNull();
    expect(getSaleContent('BG', '4/10 LB')).toBeNull();
    expect(getSaleContent('CS', 'case')).toBeNull();
    expect(getSaleBaseUnitPrice(899, 'EA', '4/10 LB')).toBeNull();
  });

  it('quotes a per-base-unit price back in a unit of its kind, or per container', () => {
    const perGram = getSaleBaseUnitPrice(4000, 'CS', '4/10 LB')!;
    expect(quoteBaseUnitPrice(perGram, 'LB')).toBe(10_000);
    expect(quoteBaseUnitPrice(perGram, 'oz')).toBe(625);
    expect(quoteBaseUnitPrice(perGram, 'GAL')).toBeNull();
    expect(quoteBaseUnitPrice(perGram, 'PARSEC')).toBeNull();
    const perCan = getSaleBaseUnitPrice(1875, 'CS', '6/#10 CN')!;
    expect(quoteBaseUnitPrice(perCan, 'CN')).toBe(31_250);
  });
});

describe('the unit a price is quoted in', () => {
  it('quotes weight per LB whatever the pack is written in, and keeps a container’s whole word', () => {
    expect(getNormalisedUnit(pack('16/1 OZ'))).toBe('LB');
    expect(getNormalisedUnit(pack('2/1 GAL'))).toBe('FL OZ');
    expect(getPackUnit(pack('6/#10 TIN CAN'))).toBe('TIN CAN');
    // the per-base-unit price of a case, quoted back per pound: $40.00 for 40 lb is $1.0000
    expect(quoteBaseUnitPrice(getPackBaseUnitPrice(4000, pack('4/10 LB')), 'LB')).toBe(10_000);
  });

  it('quotes a price per each or per bag as it is, even of a weight pack', () => {
    expect(getUnitPrice(125, 'EA', '4/10 LB')).toEqual({ unitPrice: 12_500, unit: 'EA' });
    expect(getSaleContent('BG', '1/100 EA')).toBeNull();
  });
});
