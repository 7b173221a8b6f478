import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { areEquivalentProducts, parseProductName, SIZE_TOLERANCE_PERCENT } from './equivalence.rules';

describe('product names', () => {
  it('splits a trailing measured size off the name', () => {
    expect(parseProductName('Portion Cup Plastic 5.5 OZ')).toEqual({
      stem: 'portion cup plastic',
      size: { family: 'weight', base: { num: 5_5n * 45_359_237n, den: 10n * 100_000n * 16n } },
    });
    expect(parseProductName('Juice Orange 16 fl oz').size?.family).toBe('volume');
    expect(parseProductName('Lid Hot Cup Sip-Thru 12-24 OZ').stem).toBe('lid hot cup sip-thru 12-');
    expect(parseProductName('  Oyster   Duxbury Live ')).toEqual({ stem: 'oyster duxbury live', size: null });
    expect(parseProductName('Shrimp White 16/20')).toEqual({ stem: 'shrimp white 16/20', size: null });
    // counts are not sizes
    expect(parseProductName('Napkin Dinner 100 EA').size).toBeNull();
  });
});

describe('equivalence of savings matches (table)', () => {
  it.each([
    // the buyer's complaints of issue 23
    ['Portion Cup Plastic 5.5 OZ', 'Portion Cup Plastic 2 OZ', false],
    ['Portion Cup Plastic 5.5 OZ', 'Portion Cup Plastic 1 OZ', false],
    ['Chicken Breast Boneless Skinless 10 OZ', 'Chicken Breast Boneless Skinless 6 OZ', false],
    ['Chicken Breast Boneless Skinless 10 OZ', 'Chicken Breast Boneless Skinless 8 OZ', false],
    // the same product
    ['Chicken Breast Boneless Skinless 10 OZ', 'Chicken Breast Boneless Skinless 10 OZ', true],
    ['Chicken Breast Boneless Skinless 10 OZ', 'CHICKEN BREAST BONELESS SKINLESS 10OZ', true],
    // within 10 %: 9 OZ is 10 % off 10 OZ; 1 LB is 16 OZ; 454 G is about 1 LB
    ['Chicken Breast Boneless Skinless 10 OZ', 'Chicken Breast Boneless Skinless 9 OZ', true],
    ['Chicken Breast Boneless Skinless 10 OZ', 'Chicken Breast Boneless Skinless 8.9 OZ', false],
    ['Ground Beef 80/20 1 LB', 'Ground Beef 80/20 16 OZ', true],
    ['Ground Beef 80/20 1 LB', 'Ground Beef 80/20 454 G', true],
    // a weight is not a volume
    ['Cream 8 OZ', 'Cream 8 FL OZ', false],
    // no measured size: the names must agree
    ['Oyster Duxbury Live', 'Oyster Duxbury Live', true],
    ['Oyster Duxbury Live', 'Oyster Duxbury Select', false],
    ['Shrimp White Tail-On 16/20', 'Shrimp White Tail-On 21/25', false],
    ['Oyster Duxbury Live', 'Oyster Duxbury Live 2 OZ', false],
  ])('%s ~ %s: %s', (item, alt, expected) => {
    expect(areEquivalentProducts(item, alt)).toBe(expected);
  });
});

describe('equivalence of savings matches (properties)', () => {
  const stemArb = fc.stringMatching(/^[A-Za-z][A-Za-z -]{0,20}[A-Za-z]$/);
  // sizes in tenths of an ounce
  const tenthsArb = fc.integer({ min: 1, max: 2_000 });
  const ounces = (tenths: number) => `${Math.floor(tenths / 10)}${tenths % 10 ? `.${tenths % 10}` : ''} OZ`;

  it('holds between a name and itself, whatever its case and spacing', () => {
    fc.assert(
      fc.property(stemArb, fc.option(tenthsArb, { nil: undefined }), (stem, size) => {
        const name = size === undefined ? stem : `${stem} ${ounces(size)}`;
        expect(areEquivalentProducts(name, name)).toBe(true);
        expect(areEquivalentProducts(name, `  ${name.toUpperCase().replace(/ /g, '  ')} `)).toBe(true);
      }),
    );
  });

  it('allows exactly the sizes within the tolerance of the cart item', () => {
    fc.assert(
      fc.property(stemArb, tenthsArb, tenthsArb, (stem, a, b) => {
        const expected = Math.abs(a - b) * 100 <= SIZE_TOLERANCE_PERCENT * a;
        expect(areEquivalentProducts(`${stem} ${ounces(a)}`, `${stem} ${ounces(b)}`)).toBe(expected);
      }),
    );
  });

  it('never pairs different products', () => {
    fc.assert(
      fc.property(stemArb, stemArb, tenthsArb, (a, b, size) => {
        fc.pre(a.toLowerCase().replace(/\s+/g, ' ').trim() !== b.toLowerCase().replace(/\s+/g, ' ').trim());
        expect(areEquivalentProducts(`${a} ${ounces(size)}`, `${b} ${ounces(size)}`)).toBe(false);
      }),
    );
  });
});
