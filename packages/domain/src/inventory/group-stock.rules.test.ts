import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { caseContentIn, getOrderToPar } from './group-stock.rules';
import { stockItem } from './group-stock.test-support';

const LB = 24;
const OZ = 23;
const KG = 22;
const G = 21;
const GAL = 18;
const FL_OZ = 14;
const EACH = 40;
const DOZEN = 41;

// Cases of 4/5 LB unless a test says otherwise.
const item = (over: Parameters<typeof stockItem>[0]) => stockItem({ packSize: '4/5 LB', ...over });

describe('order to par in the group unit (issue 32: suggested quantities on the units core)', () => {
  it('orders par 10 lb of an item sold in 4/5 LB cases as 1 case, not 10', () => {
    const cases = [item({ id: 1, packSize: '4/5 LB' })];
    expect(getOrderToPar(cases, LB, 10)).toEqual({ id: 1, quantity: 1 });
    // the same par counted in ounces, kilograms or grams
    expect(getOrderToPar(cases, OZ, 160)).toEqual({ id: 1, quantity: 1 });
    expect(getOrderToPar(cases, KG, 4.5)).toEqual({ id: 1, quantity: 1 });
    expect(getOrderToPar(cases, G, 9_500)).toEqual({ id: 1, quantity: 2 }); // 9.5 kg is 20.94 lb: over one case
    // counted in whole cases, par is a number of cases
    expect(getOrderToPar(cases, 1, 10)).toEqual({ id: 1, quantity: 10 });
  });

  it('converts volume and count packs too: par 3 gal of 128/1 FL OZ is 3 cases, par 5 dozen of 1/24 EA is 3', () => {
    expect(getOrderToPar([item({ id: 1, packSize: '128/1 FL OZ' })], GAL, 3)).toEqual({ id: 1, quantity: 3 });
    expect(getOrderToPar([item({ id: 1, packSize: '4/1 GAL' })], FL_OZ, 513)).toEqual({ id: 1, quantity: 2 });
    expect(getOrderToPar([item({ id: 1, packSize: '1/24 EA' })], DOZEN, 5)).toEqual({ id: 1, quantity: 3 });
  });

  it('counts what is on hand in the unit, exactly: 9.996 lb on hand (shown 10.00) is still under par 10 lb', () => {
    const onHand = [item({ id: 1, packSize: '1/10 LB', totalOnHand: 0.9996 })];
    expect(getOrderToPar(onHand, LB, 10)).toEqual({ id: 1, quantity: 1 });
    expect(getOrderToPar([item({ id: 1, packSize: '1/10 LB', totalOnHand: 1 })], LB, 10)).toBeNull();
    // 1 case of 4/5 LB (20 lb) on hand toward par 30 lb: 10 lb short, one more case
    expect(getOrderToPar([item({ id: 1, totalOnHand: 1 })], LB, 30)).toEqual({ id: 1, quantity: 1 });
  });

  it('never suggests an item whose pack is of another kind than the group unit (refused, not guessed)', () => {
    const onions = [
      item({ id: 1, packSize: '50/1 EA', finalUnit: 'EA' }),
      item({ id: 2, packSize: '1/50 LB', finalUnitPrice: 1_000_000 }),
    ];
    // counted in pounds, only the 50 lb sack converts, even though the each is cheaper on its face
    expect(getOrderToPar(onions, LB, 60)).toEqual({ id: 2, quantity: 2 });
    // counted in eaches, only the eaches
    expect(getOrderToPar(onions, EACH, 60)).toEqual({ id: 1, quantity: 2 });
    // a weight pack in a volume unit: nothing to suggest
    expect(getOrderToPar([item({ id: 1 })], GAL, 10)).toBeNull();
    expect(caseContentIn('4/5 LB', GAL)).toBeNull();
    expect(caseContentIn('6/#10 CN', LB)).toBeNull();
  });

  // Weight packs as a guide writes them, with their content in grams worked out from the legal pound.
  const GRAMS: Record<string, [bigint, bigint]> = {
    LB: [45_359_237n, 100_000n],
    OZ: [45_359_237n, 1_600_000n],
    KG: [1000n, 1n],
    G: [1n, 1n],
  };
  const UNIT_ID: Record<string, number> = { LB, OZ, KG, G };

  it('orders the least whole cases that reach par, whatever unit the par is counted in (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 400 }),
        fc.constantFrom('LB', 'OZ', 'KG', 'G'),
        fc.constantFrom('LB', 'OZ', 'KG', 'G'),
        fc.integer({ min: 0, max: 500 }).map((hundredths) => hundredths / 100),
        fc.integer({ min: 1, max: 1_000_000 }).map((hundredths) => hundredths / 100),
        (outer, inner, packUnit, groupUnit, onHandCases, par) => {
          const chosen = item({ id: 7, packSize: `${outer}/${inner} ${packUnit}`, totalOnHand: onHandCases });
          const suggestion = getOrderToPar([chosen], UNIT_ID[groupUnit], par);
          const [pn, pd] = GRAMS[packUnit];
          const [gn, gd] = GRAMS[groupUnit];
          // one case, in the group unit: outer × inner × pack grams ÷ group-unit grams
          const caseNum = BigInt(outer * inner) * pn * gd;
          const caseDen = pd * gn;
          const parHundredths = BigInt(Math.round(par * 100));
          const onHandHundredths = BigInt(Math.round(onHandCases * 100));
          // (on hand + q cases) × one case ≥ par, all in hundredths
          const reaches = (q: bigint) => (onHandHundredths + q * 100n) * caseNum >= parHundredths * caseDen;
          if (reaches(0n)) {
            expect(suggestion).toBeNull();
          } else {
            expect(suggestion?.id).toBe(7);
            const q = BigInt(suggestion!.quantity);
            expect(reaches(q)).toBe(true);
            expect(reaches(q - 1n)).toBe(false);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('does not depend on how the pack is written: 4/5 LB, 1/20 LB, 2/160 OZ and 20/16 OZ order alike (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(LB, OZ, KG, G),
        fc.integer({ min: 1, max: 100_000 }).map((hundredths) => hundredths / 100),
        (unitId, par) => {
          const answers = ['4/5 LB', '1/20 LB', '2/160 OZ', '20/16 OZ'].map((packSize) =>
            getOrderToPar([item({ id: 1, packSize })], unitId, par),
          );
          for (const answer of answers) expect(answer).toEqual(answers[0]);
        },
      ),
    );
  });
});
