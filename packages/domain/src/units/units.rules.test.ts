import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getPackBaseUnitPrice, getPriceInUnit, parsePackSize } from '../catalog/pack-size.rules';
import { findUnit, CONVERSION_UNITS } from '../inventory/units.rules';
import { reduceRatio, toExactRatio, type Ratio } from './ratio';
import { getMeasureUnit, MEASURE_UNITS } from './unit-table';
import {
  compareQuantities,
  compareUnitPricesOrRefuse,
  convertQuantity,
  toBaseUnitPrice,
  tryCompareUnitPrices,
  tryConvertQuantity,
  UnitKindMismatchError,
} from './units.rules';

const pack = (text: string) => {
  const parsed = parsePackSize(text);
  if (!parsed) throw new Error(`unparsed ${text}`);
  return parsed;
};

const ratioArb = fc
  .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 9n }))
  .map(([num, den]) => ({ num, den }));
const unitArb = fc.constantFrom(...MEASURE_UNITS);
const positiveRatio = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 6n }), fc.bigInt({ min: 1n, max: 10n ** 4n }))
  .map(([num, den]) => ({ num, den }));
const samePairArb = unitArb.chain((a) =>
  fc.tuple(fc.constant(a), fc.constantFrom(...MEASURE_UNITS.filter((u) => u.kind === a.kind))),
);
const otherKindPairArb = unitArb.chain((a) =>
  fc.tuple(fc.constant(a), fc.constantFrom(...MEASURE_UNITS.filter((u) => u.kind !== a.kind))),
);
const same = (a: Ratio, b: Ratio) => expect(reduceRatio(a)).toEqual(reduceRatio(b));

describe('the one conversion table', () => {
  it('holds the legal definitions', () => {
    const lb = getMeasureUnit('LB');
    const oz = getMeasureUnit('OZ');
    const gal = getMeasureUnit('GAL');
    const flOz = getMeasureUnit('FL OZ');
    same(convertQuantity(toExactRatio(1), lb, oz), toExactRatio(16));
    same(convertQuantity(toExactRatio(1), gal, flOz), toExactRatio(128));
    same(convertQuantity(toExactRatio(1), getMeasureUnit('QT'), getMeasureUnit('PT')), toExactRatio(2));
    same(convertQuantity(toExactRatio(1), getMeasureUnit('DZ'), getMeasureUnit('EA')), toExactRatio(12));
    same(convertQuantity(toExactRatio(1), getMeasureUnit('KG'), getMeasureUnit('G')), toExactRatio(1000));
    same(convertQuantity(toExactRatio(1), getMeasureUnit('L'), getMeasureUnit('ML')), toExactRatio(1000));
    same(convertQuantity(toExactRatio(1), lb, getMeasureUnit('G')), toExactRatio(45_359_237, 100_000));
  });

  it('is the table the inventory view and the pack sizes read', () => {
    expect(CONVERSION_UNITS.map((u) => [u.id, u.name])).toEqual(MEASURE_UNITS.map((u) => [u.id, u.name]));
    expect(findUnit('fl oz')?.toBase).toBe(getMeasureUnit('FL OZ').toBase);
    expect(pack('1/1 GAL').totalBase).toEqual(getMeasureUnit('GAL').toBase);
  });

  it('has unique codes, names and ids', () => {
    for (const key of ['code', 'name', 'id'] as const)
      expect(new Set(MEASURE_UNITS.map((u) => u[key])).size).toBe(MEASURE_UNITS.length);
  });
});

describe('conversions', () => {
  it('there and back is the identity (any amount, any two units of one kind)', () => {
    fc.assert(
      fc.property(ratioArb, samePairArb, (amount, [from, to]) => {
        same(convertQuantity(convertQuantity(amount, from, to), to, from), amount);
      }),
    );
  });

  it('there and back across kinds through a density or an each weight is the identity', () => {
    fc.assert(
      fc.property(ratioArb, unitArb, unitArb, positiveRatio, positiveRatio, (amount, from, to, density, eachWeight) => {
        const bridge = { density, eachWeight };
        const there = tryConvertQuantity(amount, from, to, bridge);
        if (from.kind === 'length' || to.kind === 'length') return there === null || from.kind === to.kind;
        same(convertQuantity(there!, to, from, bridge), amount);
        return true;
      }),
    );
  });

  it('refuses units of different kinds without a bridge', () => {
    fc.assert(
      fc.property(ratioArb, otherKindPairArb, (amount, [from, to]) => {
        expect(tryConvertQuantity(amount, from, to)).toBeNull();
        expect(() => convertQuantity(amount, from, to)).toThrow(UnitKindMismatchError);
        expect(() => compareQuantities({ amount, unit: from }, { amount, unit: to })).toThrow(UnitKindMismatchError);
      }),
    );
  });

  it('refuses weight with volume when only an each weight is known', () => {
    const grams = { eachWeight: toExactRatio(200) };
    expect(tryConvertQuantity(toExactRatio(1), getMeasureUnit('LB'), getMeasureUnit('GAL'), grams)).toBeNull();
    same(tryConvertQuantity(toExactRatio(5), getMeasureUnit('EA'), getMeasureUnit('KG'), grams)!, toExactRatio(1));
  });
});

describe('per-unit prices', () => {
  const priceArb = fc.integer({ min: 1, max: 10_000_000 });

  it('never depend on how the pack is written', () => {
    fc.assert(
      fc.property(priceArb, fc.integer({ min: 1, max: 60 }), (cents, n) => {
        const volumes = [`${n}/1 GAL`, `1/${n} GAL`, `${n * 128}/1 FL OZ`, `${n * 4}/1 QT`, `${n * 8}/1 PT`, `${2 * n}/0.5 GAL`];
        const weights = [`${n}/1 LB`, `1/${n} LB`, `${n * 16}/1 OZ`, `1/${n * 16} OZ`, `${n * 4}/4 OZ`];
        for (const group of [volumes, weights]) {
          const prices = group.map((text) => getPackBaseUnitPrice(cents, pack(text)));
          for (const price of prices) expect(price).toEqual(prices[0]);
          const shown = group.map((text) => getPriceInUnit(cents, pack(text), group === volumes ? 'GAL' : 'LB'));
          for (const price of shown) expect(price).toBe(shown[0]);
        }
      }),
    );
  });

  it('"4/1 GAL" and "128/1 FL OZ" at one case price cost the same per ounce', () => {
    const a = getPackBaseUnitPrice(15_948, pack('4/1 GAL'));
    const b = getPackBaseUnitPrice(15_948, pack('128/4 FL OZ'));
    expect(tryCompareUnitPrices(a, b)).toBe(0);
    // the vinegar of issue 32: 12/32 FL OZ at $132.47 is dearer per ounce than 4/1 GAL at $159.48
    expect(tryCompareUnitPrices(getPackBaseUnitPrice(13_247, pack('12/32 FL OZ')), a)).toBe(1);
  });

  it('refuse to compare different kinds, or containers of different sizes, without a bridge', () => {
    fc.assert(
      fc.property(priceArb, priceArb, (x, y) => {
        const weight = getPackBaseUnitPrice(x, pack('1/10 LB'));
        const volume = getPackBaseUnitPrice(y, pack('1/1 GAL'));
        const count = getPackBaseUnitPrice(y, pack('1/100 EA'));
        for (const [a, b] of [
          [weight, volume],
          [count, weight],
          [volume, count],
          [getPackBaseUnitPrice(x, pack('6/#10 CN')), getPackBaseUnitPrice(y, pack('24/#2 CN'))],
        ]) {
          expect(tryCompareUnitPrices(a, b)).toBeNull();
          expect(() => compareUnitPricesOrRefuse(a, b)).toThrow(UnitKindMismatchError);
        }
      }),
    );
  });

  it('compare an each with a pound when the item says its each weight (the onion of issue 32)', () => {
    const each = toBaseUnitPrice(4_200, toExactRatio(1), 'count');
    const perLb = toBaseUnitPrice(7_400, getMeasureUnit('LB').toBase, 'weight');
    expect(tryCompareUnitPrices(each, perLb)).toBeNull();
    const halfPound = { eachWeight: { num: getMeasureUnit('LB').toBase.num, den: getMeasureUnit('LB').toBase.den * 2n } };
    // $0.42 for half a pound is $0.84/lb: dearer than $0.74/lb
    expect(tryCompareUnitPrices(each, perLb, halfPound)).toBe(1);
    expect(tryCompareUnitPrices(perLb, each, halfPound)).toBe(-1);
  });
});
