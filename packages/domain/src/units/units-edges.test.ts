/**
 * Edges of the units core that the round-trip properties of units.rules.test.ts do not reach:
 * signs and zero in the exact fractions, bridges that say nothing, containers, and the table's
 * smaller units and stable ids (issue 32; docs/quality.md).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convertUnit, findUnit } from '../inventory/units.rules';
import { addRatios, compareRatios, divideRatios, reduceRatio, roundRatio, toExactRatio as r, type Ratio } from './ratio';
import { findMeasureUnitByCode, findMeasureUnitById, getBaseUnit, getMeasureUnit, MEASURE_UNITS } from './unit-table';
import {
  compareQuantities,
  compareUnitPricesOrRefuse,
  convertQuantity,
  getKindFactor,
  toBaseUnitPrice,
  tryCompareUnitPrices,
  tryConvertQuantity,
  tryRebaseUnitPrice,
  UnitKindMismatchError,
} from './units.rules';

const u = getMeasureUnit;
const value = (x: Ratio) => Number(x.num) / Number(x.den);

describe('exact fractions (units/ratio)', () => {
  it('adds fractions exactly: a third and a sixth are a half; a negative takes away', () => {
    expect(reduceRatio(addRatios(r(1, 3), r(1, 6)))).toEqual(r(1, 2));
    expect(reduceRatio(addRatios(r(3, 4), r(-1, 4)))).toEqual(r(1, 2));
    expect(addRatios(r(2, 5), r(0, 7))).toEqual(r(14, 35));
  });

  it('divides by a negative quantity keeping the denominator positive, and refuses to divide by zero', () => {
    expect(divideRatios(r(3, 4), r(-3, 2))).toEqual({ num: -6n, den: 12n });
    expect(divideRatios(r(-3, 4), r(-1, 2))).toEqual({ num: 6n, den: 4n });
    expect(() => divideRatios(r(1), r(0, 5))).toThrow(new RangeError('division by a zero quantity'));
  });

  it('orders fractions by value, whatever they are written as', () => {
    expect(compareRatios(r(1, 3), r(2, 6))).toBe(0);
    expect(compareRatios(r(-1, 2), r(1, 3))).toBe(-1);
    expect(compareRatios(r(2, 3), r(3, 5))).toBe(1);
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        (a, b, c, d) => {
          const expected = a * d < c * b ? -1 : a * d > c * b ? 1 : 0;
          expect(compareRatios(r(a, b), r(c, d))).toBe(expected);
        },
      ),
    );
  });

  it('reduces to lowest terms with the sign on top, and zero to 0/1', () => {
    expect(reduceRatio(r(-4, 6))).toEqual({ num: -2n, den: 3n });
    expect(reduceRatio(r(12, 4))).toEqual({ num: 3n, den: 1n });
    expect(reduceRatio(r(0, 7))).toEqual({ num: 0n, den: 1n });
  });

  it('rounds halves away from zero whatever the signs', () => {
    expect(roundRatio(5n, 2n)).toBe(3n);
    expect(roundRatio(-5n, 2n)).toBe(-3n);
    expect(roundRatio(5n, -2n)).toBe(-3n);
    expect(roundRatio(-5n, -2n)).toBe(3n);
    expect(roundRatio(7n, 3n)).toBe(2n);
    expect(roundRatio(-7n, 3n)).toBe(-2n);
    expect(roundRatio(0n, -3n)).toBe(0n);
  });
});

describe('the table: the smaller units, the lengths and the ids a group stores', () => {
  it('converts kitchen and length units by their definitions', () => {
    const one = r(1);
    expect(reduceRatio(convertQuantity(one, u('CUP'), u('FL OZ')))).toEqual(r(8));
    expect(reduceRatio(convertQuantity(one, u('TBSP'), u('TSP')))).toEqual(r(3));
    expect(reduceRatio(convertQuantity(one, u('PT'), u('CUP')))).toEqual(r(2));
    expect(reduceRatio(convertQuantity(one, u('G'), u('MG')))).toEqual(r(1000));
    expect(reduceRatio(convertQuantity(one, u('FT'), u('IN')))).toEqual(r(12));
    expect(reduceRatio(convertQuantity(one, u('YD'), u('FT')))).toEqual(r(3));
    expect(reduceRatio(convertQuantity(one, u('M'), u('CM')))).toEqual(r(100));
    expect(reduceRatio(convertQuantity(one, u('CM'), u('MM')))).toEqual(r(10));
    expect(reduceRatio(convertQuantity(one, u('IN'), u('MM')))).toEqual(r(127, 5));
  });

  it('gives the spec’s examples (doc 2 §9): 1 l is 33.814 fl oz, 1 kg 2.20462 lb, 1 m 39.3701 in', () => {
    expect(convertUnit(1, 'l', 'fl oz')).toBe(33.81);
    expect(convertUnit(1, 'kg', 'lb')).toBe(2.2);
    expect(convertUnit(1000, 'm', 'in')).toBe(39370.08);
    expect(value(convertQuantity(r(1), u('L'), u('FL OZ')))).toBeCloseTo(33.814, 3);
    expect(value(convertQuantity(r(1), u('KG'), u('LB')))).toBeCloseTo(2.20462, 5);
    expect(value(convertQuantity(r(1), u('M'), u('IN')))).toBeCloseTo(39.3701, 4);
    expect(convertUnit(2, 'lb', 'gal')).toBeNull();
  });

  it('keeps the ids groups store as their unit (they must never change meaning)', () => {
    const ids = Object.fromEntries(MEASURE_UNITS.map((unit) => [unit.name, unit.id]));
    expect(ids).toEqual({
      ml: 10,
      l: 11,
      tsp: 12,
      tbsp: 13,
      'fl oz': 14,
      cup: 15,
      pint: 16,
      qt: 17,
      gal: 18,
      mg: 20,
      g: 21,
      kg: 22,
      oz: 23,
      lb: 24,
      mm: 30,
      cm: 31,
      m: 32,
      in: 33,
      ft: 34,
      yd: 35,
      each: 40,
      dozen: 41,
    });
    for (const unit of MEASURE_UNITS) {
      expect(findMeasureUnitById(unit.id)).toBe(unit);
      expect(findMeasureUnitByCode(unit.code)).toBe(unit);
      expect(findUnit(unit.name)?.id).toBe(unit.id);
    }
    expect(findMeasureUnitById(1)).toBeNull(); // 1 is the 'case' pseudo-unit, not a measure
    expect(findMeasureUnitByCode('#10 CN')).toBeNull();
    expect(() => getMeasureUnit('CASE')).toThrow('no unit CASE');
  });

  it('has a base unit per kind whose size is one', () => {
    for (const [kind, code] of [
      ['weight', 'G'],
      ['volume', 'ML'],
      ['count', 'EA'],
      ['length', 'MM'],
    ] as const) {
      expect(getBaseUnit(kind)).toBe(u(code));
      expect(getBaseUnit(kind).toBase).toEqual(r(1));
    }
  });
});

describe('bridges that say nothing, and containers', () => {
  it('a zero or negative density or each weight is no bridge: refused, not a division by zero', () => {
    for (const nothing of [r(0), r(-5, 2)]) {
      expect(tryConvertQuantity(r(1), u('LB'), u('GAL'), { density: nothing })).toBeNull();
      expect(tryConvertQuantity(r(1), u('EA'), u('LB'), { eachWeight: nothing })).toBeNull();
      expect(getKindFactor('count', 'weight', { eachWeight: nothing })).toBeNull();
    }
    expect(getKindFactor('length', 'weight', { density: r(1), eachWeight: r(1) })).toBeNull();
    // a gallon of something at 1.2 g/ml weighs 4542.49 g
    expect(value(tryConvertQuantity(r(1), u('GAL'), u('G'), { density: r(12, 10) })!)).toBeCloseTo(4542.494, 3);
  });

  it('compares quantities of one kind by amount: 1 lb is 16 oz, more than 15 oz, less than 17', () => {
    const lb = { amount: r(1), unit: u('LB') };
    expect(compareQuantities(lb, { amount: r(16), unit: u('OZ') })).toBe(0);
    expect(compareQuantities(lb, { amount: r(15), unit: u('OZ') })).toBe(1);
    expect(compareQuantities(lb, { amount: r(17), unit: u('OZ') })).toBe(-1);
  });

  it('names both units when it refuses', () => {
    const error = (() => {
      try {
        convertQuantity(r(1), u('LB'), u('GAL'));
      } catch (caught) {
        return caught as UnitKindMismatchError;
      }
    })()!;
    expect(error).toBeInstanceOf(UnitKindMismatchError);
    expect(error.message).toBe('cannot compare LB with GAL');
    expect(error.name).toBe('UnitKindMismatchError');
    expect([error.from, error.to]).toEqual(['LB', 'GAL']);
    const can = toBaseUnitPrice(500, r(1), 'count', 'container:#10 CN');
    expect(() => compareUnitPricesOrRefuse(can, toBaseUnitPrice(500, r(1), 'weight'))).toThrow(
      'cannot compare container:#10 CN with weight',
    );
  });

  it('answers the order when the prices do compare, refusing only when they do not', () => {
    const perLb = (cents: number) => toBaseUnitPrice(cents * 100, u('LB').toBase, 'weight');
    const perOz = (cents: number) => toBaseUnitPrice(cents * 100, u('OZ').toBase, 'weight');
    // $1.60/lb is $0.10/oz
    expect(compareUnitPricesOrRefuse(perLb(160), perOz(10))).toBe(0);
    expect(compareUnitPricesOrRefuse(perLb(150), perOz(10))).toBe(-1);
    expect(compareUnitPricesOrRefuse(perLb(170), perOz(10))).toBe(1);
  });

  it('a container compares only with the same container, even when an each weight is known', () => {
    const can = toBaseUnitPrice(600, r(1), 'count', 'container:#10 CN');
    const sameCan = toBaseUnitPrice(500, r(1), 'count', 'container:#10 CN');
    const each = toBaseUnitPrice(500, r(1), 'count');
    const bridge = { eachWeight: r(200) };
    expect(tryCompareUnitPrices(can, sameCan)).toBe(1);
    expect(tryCompareUnitPrices(can, each, bridge)).toBeNull();
    expect(tryCompareUnitPrices(each, can, bridge)).toBeNull();
    expect(tryRebaseUnitPrice(each, { key: 'weight', kind: 'weight' }, bridge)).toEqual(r(500, 200));
    expect(toBaseUnitPrice(900, r(3), 'weight')).toEqual({ key: 'weight', kind: 'weight', perBase: r(300) });
  });
});
