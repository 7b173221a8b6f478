/**
 * Edges of pack sizes and unit prices (issue 32 mutation scores, docs/quality.md): packs that hold
 * nothing, containers, units of another kind, and what one unit of sale holds.
 */
import { describe, expect, it } from 'vitest';
import { getNormalisedUnit, getNormalisedUnitPrice, getPackUnit, getPriceInUnit, parsePackSize } from './pack-size.rules';
import { reduceRatio } from '../units/ratio';
import { formatUnitPriceLabel, getSaleBaseUnitPrice, getSaleContent, getUnitPrice, quoteBaseUnitPrice } from './unit-price.rules';

const pack = (text: string) => {
  const parsed = parsePackSize(text);
  if (!parsed) throw new Error(`unparsed ${text}`);
  return parsed;
};

describe('pack sizes that hold nothing or are written loosely', () => {
  it('refuses a pack of nothing: no outer count, an inner size of zero', () => {
    expect(parsePackSize('0/10 LB')).toBeNull();
    expect(parsePackSize('4/0 LB')).toBeNull();
    expect(parsePackSize('4/0.00 OZ')).toBeNull();
    expect(parsePackSize('4/10')).toBeNull();
    expect(parsePackSize('4/10 LB extra/2')).toBeNull();
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
