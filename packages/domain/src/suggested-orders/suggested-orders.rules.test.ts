import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expandRecipeUse, getPosWeekdayUse, measureWeekdayUse, sumExpectedUse, describeBusiestDays } from './expected-use.rules';
import { formatQuantity, roundUpToOrderUnits, suggestGroupOrder, type GroupSuggestionInput } from './suggested-orders.rules';

// 2026-12-03 is a Thursday; next delivery Friday 12-04, the one after Tuesday 12-08.
const base: GroupSuggestionInput = {
  today: '2026-12-03',
  nextDelivery: '2026-12-04',
  deliveryAfterNext: '2026-12-08',
  unit: 'lb',
  par: 2000,
  lastCount: { date: '2026-12-01', onHand: 1800 },
  receivedSinceCount: 0,
  inTransit: 0,
  inTransitArrival: null,
  inCart: 0,
  posUse: null,
  countsUse: null,
  pack: { caseContent: 1000, splitUnits: null, isCatchWeight: false },
};

const flat = (perDay: number) => [perDay, perDay, perDay, perDay, perDay, perDay, perDay];

/** need recomputed from the figures the suggestion shows beside it. */
const recomputedNeed = (s: ReturnType<typeof suggestGroupOrder>) => s.expectedUse + s.par - s.onHand - s.inTransit - s.inCart;

describe('expected use', () => {
  it('expands sub-recipes in proportion and adds waste on top', () => {
    // Burger: 0.25 lb beef (10% waste) + 0.05 of a sauce batch; sauce batch (yield 1) holds 2 lb mayo.
    const sauce = { yieldQuantity: 1, lines: [{ kind: 'group' as const, groupId: 2, quantity: 2, wastePercent: 0 }] };
    const burger = {
      yieldQuantity: 1,
      lines: [
        { kind: 'group' as const, groupId: 1, quantity: 0.25, wastePercent: 10 },
        { kind: 'recipe' as const, recipe: sauce, quantity: 0.05, wastePercent: 0 },
      ],
    };
    const use = expandRecipeUse(burger);
    expect(use.get(1)).toBeCloseTo(0.275, 10);
    expect(use.get(2)).toBeCloseTo(0.1, 10);
  });

  it('forecasts POS use by weekday: sold that weekday × use per sale', () => {
    const sold = [20, 20, 20, 20, 41, 41, 10];
    expect(getPosWeekdayUse([{ name: 'Burger', soldByWeekday: sold, usePerSale: 0.08 }])).toEqual([
      160, 160, 160, 160, 328, 328, 80,
    ]);
  });

  it('measures use between counts: before + received − after, per day, by weekday (seasonality)', () => {
    // Daily counts Mon 11-30 → Mon 12-07: 1 lb a day Mon–Thu, 3 lb Fri–Sat, 2 lb Sun; 10 lb received Friday.
    const perDay = [100, 100, 100, 100, 300, 300, 200];
    const counts = [{ date: '2026-11-30', onHand: 2000 }];
    let onHand = 2000;
    for (let d = 0; d < 7; d += 1) {
      const date = `2026-12-0${d + 1}`;
      const received = date === '2026-12-04' ? 1000 : 0;
      onHand = onHand - perDay[d] + received;
      counts.push({ date, onHand });
    }
    const use = measureWeekdayUse(counts, [{ date: '2026-12-04', quantity: 1000 }]);
    expect(use).toEqual(perDay);
    expect(describeBusiestDays(use!)).toBe('Fri–Sat');
    // Expected use Thu 12-03 → Tue 12-08 (Thu, Fri, Sat, Sun, Mon) = 1 + 3 + 3 + 2 + 1 lb.
    expect(sumExpectedUse(use!, '2026-12-03', '2026-12-08')).toBe(1000);
  });

  it('needs two counts on different days; a weekday never seen takes the average', () => {
    expect(measureWeekdayUse([{ date: '2026-12-01', onHand: 10 }], [])).toBeNull();
    expect(
      measureWeekdayUse(
        [
          { date: '2026-12-01', onHand: 10 },
          { date: '2026-12-01', onHand: 5 },
        ],
        [],
      ),
    ).toBeNull();
    // Tue → Thu: 4 lb over 2 days credited to Tue and Wed; other weekdays the average, 2 lb.
    expect(
      measureWeekdayUse(
        [
          { date: '2026-12-01', onHand: 1000 },
          { date: '2026-12-03', onHand: 600 },
        ],
        [],
      ),
    ).toEqual(flat(200));
  });
});

describe('suggestGroupOrder', () => {
  it('(a) uses POS × recipes when there are sales, and every figure adds up', () => {
    const s = suggestGroupOrder({
      ...base,
      posUse: { byWeekday: flat(320), salesText: '41 burgers a day' },
      countsUse: flat(100),
    });
    expect(s.basis).toBe('pos');
    expect(s.expectedUse).toBe(5 * 320);
    expect(s.usedSinceCount).toBe(2 * 320);
    expect(s.onHand).toBe(1800 - 640);
    expect(s.need).toBe(recomputedNeed(s));
    expect(s.orderUnits).toBe(Math.ceil(s.need / 1000));
    expect(s.explanation).toContain('from 41 burgers a day × recipes');
    expect(s.explanation).toContain(`→ needs ${formatQuantity(s.need)} lb → ${s.orderUnits} cases of 10 lb`);
  });

  it('(b) falls back to use measured between counts', () => {
    const s = suggestGroupOrder({ ...base, countsUse: flat(100) });
    expect(s.basis).toBe('counts');
    expect(s.expectedUse).toBe(500);
    expect(s.onHand).toBe(1600);
    expect(s.need).toBe(500 + 2000 - 1600);
    expect(s.orderUnits).toBe(1);
    expect(s.explanation).toContain('measured between counts');
  });

  it('(c) falls back to par alone', () => {
    const s = suggestGroupOrder({ ...base, posUse: { byWeekday: flat(0), salesText: '' } });
    expect(s.basis).toBe('par');
    expect(s.expectedUse).toBe(0);
    expect(s.onHand).toBe(1800);
    expect(s.orderUnits).toBe(1);
    expect(s.explanation).toContain('par alone');
  });

  it('takes deliveries on the way and the cart off the need', () => {
    const s = suggestGroupOrder({ ...base, par: 5000, inTransit: 1000, inTransitArrival: '2026-12-04', inCart: 500 });
    expect(s.need).toBe(5000 - 1800 - 1000 - 500);
    expect(s.orderUnits).toBe(2);
    expect(s.explanation).toContain('10 lb arriving Friday');
    expect(s.explanation).toContain('5 lb already in the cart');
  });

  it('adds what was received since the count', () => {
    const s = suggestGroupOrder({ ...base, receivedSinceCount: 700, countsUse: flat(100) });
    expect(s.onHand).toBe(1800 + 700 - 200);
    expect(s.explanation).toContain('counted 18 lb on Tuesday 12/01 + 7 lb received − 2 lb used since');
  });

  it('never suggests a negative quantity, and on hand never goes below 0', () => {
    const plenty = suggestGroupOrder({ ...base, lastCount: { date: '2026-12-01', onHand: 99_900 } });
    expect(plenty.orderUnits).toBe(0);
    expect(plenty.explanation).toContain('enough on hand');
    const empty = suggestGroupOrder({ ...base, lastCount: { date: '2026-11-01', onHand: 100 }, countsUse: flat(100) });
    expect(empty.onHand).toBe(0);
    expect(empty.explanation).toContain('not below 0');
  });

  it('says so when nothing in the group can be ordered', () => {
    const s = suggestGroupOrder({ ...base, pack: null });
    expect(s.orderUnits).toBe(0);
    expect(s.explanation).toContain('nothing in this group can be ordered');
  });
});

describe('pack rounding', () => {
  it('rounds up to whole cases, exactly at a boundary', () => {
    const pack = { caseContent: 1000, splitUnits: null, isCatchWeight: false };
    expect(roundUpToOrderUnits(3000, pack)).toBe(3);
    expect(roundUpToOrderUnits(3001, pack)).toBe(4);
    expect(roundUpToOrderUnits(0, pack)).toBe(0);
    expect(roundUpToOrderUnits(-50, pack)).toBe(0);
  });

  it('says "3 cases" for a group counted in cases, not "3 cases of 1 case"', () => {
    const s = suggestGroupOrder({
      ...base,
      unit: 'case',
      par: 300,
      lastCount: null,
      pack: { caseContent: 100, splitUnits: null, isCatchWeight: false },
    });
    expect(s.orderUnits).toBe(3);
    expect(s.explanation).toMatch(/→ 3 cases$/);
  });

  it('rounds to split units when the distributor splits the case', () => {
    // 4/5 LB split: one unit holds 5 lb; 12 lb needs 3 units, not a whole 20 lb case.
    const s = suggestGroupOrder({
      ...base,
      par: 1200,
      lastCount: null,
      pack: { caseContent: 2000, splitUnits: 4, isCatchWeight: false },
    });
    expect(s.orderUnits).toBe(3);
    expect(s.orderUnitContent).toBe(500);
    expect(s.explanation).toContain('3 split units of 5 lb');
  });

  it('rounds catch-weight cases on their average weight and says "about"', () => {
    const s = suggestGroupOrder({
      ...base,
      par: 1001,
      lastCount: null,
      pack: { caseContent: 1000, splitUnits: null, isCatchWeight: true },
    });
    expect(s.orderUnits).toBe(2);
    expect(s.explanation).toContain('2 cases of about 10 lb');
  });
});

describe('properties', () => {
  const input = fc.record({
    onHand: fc.integer({ min: 0, max: 100_000 }),
    extra: fc.integer({ min: 1, max: 100_000 }),
    par: fc.integer({ min: 0, max: 100_000 }),
    perDay: fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 7, maxLength: 7 }),
    inTransit: fc.integer({ min: 0, max: 10_000 }),
    content: fc.integer({ min: 1, max: 10_000 }),
    split: fc.option(fc.integer({ min: 2, max: 24 }), { nil: null }),
  });
  type Generated = typeof input extends fc.Arbitrary<infer T> ? T : never;
  const build = (v: Generated, onHand: number) =>
    suggestGroupOrder({
      ...base,
      par: v.par,
      inTransit: v.inTransit,
      countsUse: v.perDay,
      lastCount: { date: '2026-12-01', onHand },
      pack: { caseContent: v.content, splitUnits: v.split, isCatchWeight: false },
    });

  it('more on hand never suggests more', () => {
    fc.assert(
      fc.property(input, (v) => {
        expect(build(v, v.onHand + v.extra).orderUnits).toBeLessThanOrEqual(build(v, v.onHand).orderUnits);
      }),
    );
  });

  it('is never negative, covers the need, and the need adds up from the figures shown', () => {
    fc.assert(
      fc.property(input, (v) => {
        const s = build(v, v.onHand);
        expect(s.orderUnits).toBeGreaterThanOrEqual(0);
        expect(s.need).toBe(recomputedNeed(s));
        const content = v.split ? v.content / v.split : v.content;
        if (s.need > 0) expect(s.orderUnits * content).toBeGreaterThanOrEqual(s.need - 1e-6);
        if (s.orderUnits > 0) expect((s.orderUnits - 1) * content).toBeLessThan(s.need);
      }),
    );
  });
});
