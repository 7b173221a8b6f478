import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PACK_UNITS } from '../catalog/pack-size.rules';
import {
  canSaveCustomItem,
  compareGroupItems,
  isLongDescription,
  isValidGroupName,
  resolveGroupRename,
  sortGroupItems,
} from './inventory.rules';
import { getOnHandTotals, getOnHandTotalsExact, isValidOnHandInput, parseOnHandInput, stepOnHand } from './on-hand.rules';
import { getGroupOnHand, getGroupUnits, getOrderToPar } from './group-stock.rules';
import { stockItem } from './group-stock.test-support';
import { findBestBuy } from './best-buy.rules';

describe('on-hand input (doc 2 §5)', () => {
  it('accepts empty or digits with an optional dot and at most 2 decimals', () => {
    for (const ok of ['', '0', '12', '3.', '3.5', '3.25', '100.00']) expect(isValidOnHandInput(ok), ok).toBe(true);
    for (const bad of ['-1', '1.234', 'a', '1,5', '.5', ' 1', '1e3']) expect(isValidOnHandInput(bad), bad).toBe(false);
  });
  it('parses to hundredths, empty as 0', () => {
    expect(parseOnHandInput('')).toBe(0);
    expect(parseOnHandInput('3.5')).toBe(350);
    expect(parseOnHandInput('3.')).toBe(300);
  });
  it('steps by 1, never below 0', () => {
    expect(stepOnHand(2.5, 1)).toBe(3.5);
    expect(stepOnHand(0.5, -1)).toBe(0);
    expect(stepOnHand(0, -1)).toBe(0);
  });
});

describe('on-hand totals (doc 2 §4)', () => {
  const chicken = { packSize: '4/10 LB', unitMeasure: 'CS', price: 8_000 };
  it('combines cases, packs and units into cases and values them at the case price', () => {
    // 2 cases + 1 bag of 10 lb + 5 lb = 2 + 0.25 + 0.125 cases
    const totals = getOnHandTotals(chicken, { onHand: 2, onHandPack: 1, onHandUom: 5 });
    expect(totals.totalOnHand).toBe(2.375);
    expect(totals.totalOnHandAmount).toBe(19_000);
    expect(totals.collectiveOnHand).toBe(95);
    expect(totals.collectiveOnHandUom).toBe('LB');
  });
  it('rounds the amount to cents', () => {
    const totals = getOnHandTotals(
      { packSize: '6/#10 CN', unitMeasure: 'CS', price: 1_000 },
      { onHand: 0, onHandPack: 1, onHandUom: 0 },
    );
    expect(totals.totalOnHand).toBe(0.1667);
    expect(totals.totalOnHandAmount).toBe(167);
  });
  it('values an item priced per pound by its pounds', () => {
    const totals = getOnHandTotals(
      { packSize: '1/40 LB', unitMeasure: 'LB', price: 350 },
      { onHand: 1, onHandPack: 0, onHandUom: 10 },
    );
    expect(totals.totalOnHand).toBe(1.25);
    expect(totals.totalOnHandAmount).toBe(17_500);
  });
  it('counts cases only when the pack cannot be read', () => {
    const totals = getOnHandTotals(
      { packSize: 'case', unitMeasure: 'CS', price: 1_000 },
      { onHand: 3, onHandPack: 9, onHandUom: 9 },
    );
    expect(totals).toMatchObject({ totalOnHand: 3, totalOnHandAmount: 3_000 });
  });
  it('computes on plain integers exactly what the BigInt rule computes (fast-check)', () => {
    // Counts as the on-hand input allows them (2 decimals) and beyond (6 decimals, large and negative),
    // packs as catalogues write them, unreadable ones too, prices from 0 to a million dollars.
    const count = fc.oneof(
      fc.integer({ min: 0, max: 100_000 }).map((hundredths) => hundredths / 100),
      fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((millionths) => millionths / 1_000_000),
      fc.integer({ min: 0, max: 9_999_999_999 }),
    );
    const packSize = fc.oneof(
      fc
        .tuple(
          fc.integer({ min: 1, max: 500 }),
          fc.integer({ min: 1, max: 100_000 }),
          fc.integer({ min: 0, max: 3 }),
          fc.constantFrom(...Object.keys(PACK_UNITS)),
        )
        .map(([outer, digits, decimals, uom]) => {
          const text = String(digits).padStart(decimals + 1, '0');
          return `${outer}/${decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`} ${uom}`;
        }),
      fc.tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 20 })).map(([o, n]) => `${o}/#${n} CN`),
      fc.constantFrom('case', '', '0/5 LB', '2/0 LB'),
    );
    fc.assert(
      fc.property(
        packSize,
        fc.constantFrom('CS', 'LB', 'EA'),
        fc.integer({ min: 0, max: 100_000_000 }),
        count,
        count,
        count,
        (text, unitMeasure, price, onHand, onHandPack, onHandUom) => {
          const item = { packSize: text, unitMeasure, price };
          const counts = { onHand, onHandPack, onHandUom };
          expect(getOnHandTotals(item, counts)).toEqual(getOnHandTotalsExact(item, counts));
        },
      ),
      { numRuns: 5_000 },
    );
  });
  it('gives the BigInt figures where the integers would overflow', () => {
    const item = { packSize: '24/0.001 OZ', unitMeasure: 'LB', price: 99_999_999 };
    const counts = { onHand: 9_999_999_999.99, onHandPack: 123_456.78, onHandUom: 0.01 };
    expect(getOnHandTotals(item, counts)).toEqual(getOnHandTotalsExact(item, counts));
  });
  it('is the sum of its parts (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (a, b) => {
        const whole = getOnHandTotals(chicken, { onHand: a / 100, onHandPack: 0, onHandUom: 0 });
        const units = getOnHandTotals(chicken, { onHand: 0, onHandPack: 0, onHandUom: (b / 100) * 40 });
        const both = getOnHandTotals(chicken, { onHand: a / 100, onHandPack: 0, onHandUom: (b / 100) * 40 });
        expect(Math.abs(both.totalOnHandAmount - whole.totalOnHandAmount - units.totalOnHandAmount)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('group names (doc 2 §5)', () => {
  it('needs 3 characters, spaces not counted', () => {
    expect(isValidGroupName('Egg')).toBe(true);
    expect(isValidGroupName(' ab ')).toBe(false);
  });
  it('a too-short rename reverts', () => {
    expect(resolveGroupRename('Heavy cream', 'ab')).toEqual({ name: 'Heavy cream', isChanged: false });
    expect(resolveGroupRename('Heavy cream', ' Cream 36% ')).toEqual({ name: 'Cream 36%', isChanged: true });
  });
});

const item = stockItem;

describe('item order within a group (doc 2 §4)', () => {
  it('puts sub-recipes first, punched-out last, then by final unit price, then price', () => {
    const items = [
      item({ id: 1, isPunchedOut: true, finalUnitPrice: 1 }),
      item({ id: 2, finalUnitPrice: 300 }),
      item({ id: 3, finalUnitPrice: 200, price: 900 }),
      item({ id: 4, finalUnitPrice: 200, price: 500 }),
      item({ id: 5, isSubRecipe: true, finalUnitPrice: 999 }),
      item({ id: 6, finalUnitPrice: null }),
    ];
    expect(sortGroupItems(items).map((i) => i.id)).toEqual([5, 4, 3, 2, 6, 1]);
  });
  it('is a total order (fast-check: antisymmetric)', () => {
    const arb = fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      isPunchedOut: fc.boolean(),
      isSubRecipe: fc.boolean(),
      finalUnitPrice: fc.option(fc.integer({ min: 0, max: 100 })),
      price: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(arb, arb, (a, b) => {
        expect(Math.sign(compareGroupItems(a, b)) + Math.sign(compareGroupItems(b, a))).toBe(0);
      }),
    );
  });
});

describe('group amount on hand and order to par (beyond the spec)', () => {
  it('offers case and the units of its items’ tables', () => {
    expect(getGroupUnits(['4/10 LB']).map((u) => u.name)).toEqual(['case', 'mg', 'g', 'kg', 'oz', 'lb']);
    expect(getGroupUnits(['4/10 LB']).map((u) => u.name)).toContain('lb');
    expect(getGroupUnits(['6/#10 CN']).map((u) => u.name)).toEqual(['case']);
  });
  it('sums on hand in the group unit, leaving out packs that do not convert', () => {
    const items = [
      item({ id: 1, packSize: '4/10 LB', totalOnHand: 1.5 }),
      item({ id: 2, packSize: '1/40 OZ', totalOnHand: 2 }),
      item({ id: 3, packSize: '12/1 EA', totalOnHand: 1 }),
    ];
    expect(getGroupOnHand(items, 24)).toEqual({ amount: 65, skippedIds: [3] });
    expect(getGroupOnHand(items, 1).amount).toBe(4.5);
  });
  it('orders the preferred item, else the cheapest, in whole cases up to par', () => {
    const items = [
      item({ id: 1, packSize: '4/10 LB', finalUnitPrice: 300, totalOnHand: 0.5 }),
      item({ id: 2, packSize: '1/40 LB', finalUnitPrice: 250 }),
      item({ id: 3, packSize: '2/5 LB', finalUnitPrice: 100, isOrderable: false }),
    ];
    // 20 lb on hand, par 100 lb: 80 lb short, cheapest orderable is the 40 lb case → 2 cases
    expect(getOrderToPar(items, 24, 100)).toEqual({ id: 2, quantity: 2 });
    expect(
      getOrderToPar(
        items.map((i) => (i.id === 1 ? { ...i, isPreferred: true } : i)),
        24,
        100,
      ),
    ).toEqual({ id: 1, quantity: 2 });
    expect(getOrderToPar(items, 24, 81)).toEqual({ id: 2, quantity: 2 });
    expect(getOrderToPar(items, 24, 20)).toBeNull();
    expect(getOrderToPar(items, 1, 3)).toEqual({ id: 2, quantity: 3 });
  });
  it('marks the best buy among items not punched out', () => {
    expect(
      findBestBuy([
        item({ id: 1, finalUnitPrice: 5, isPunchedOut: true }),
        item({ id: 2, finalUnitPrice: 9 }),
        item({ id: 3, finalUnitPrice: 7 }),
      ]),
    ).toBe(3);
  });
});

describe('custom item Save (doc 2 §5)', () => {
  const form = {
    description: 'Limes',
    unitMeasure: 'CS',
    distributor: 'Market',
    price: '12.5',
    outerPack: '1',
    innerPack: '200',
    uom: 'EA',
  };
  it('is enabled when every rule holds', () => {
    expect(canSaveCustomItem(form)).toBe(true);
  });
  it('is disabled for a short description or distributor, a missing or non-numeric price or pack', () => {
    for (const bad of [
      { description: 'L' },
      { distributor: 'M ' },
      { price: '' },
      { price: 'abc' },
      { outerPack: '' },
      { innerPack: '-1' },
      { uom: '' },
    ])
      expect(canSaveCustomItem({ ...form, ...bad }), JSON.stringify(bad)).toBe(false);
  });
  it('flags descriptions over 100 characters', () => {
    expect(isLongDescription('x'.repeat(100))).toBe(false);
    expect(isLongDescription('x'.repeat(101))).toBe(true);
  });
});
