import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePackSize } from '../catalog/pack-size.rules';
import { normalisePackString, parsePriceCents } from './guide-cells.rules';
import { createGuideLineExtractor, extractGuideLines } from './guide-lines.rules';
import { BUILT_IN_TEMPLATES, findTemplate } from './order-guide-template.rules';

const SYSCO: string[][] = [
  ['H', 'Customer #', '123456', 'Harbor Grill', '', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
  [
    'F',
    'SUPC',
    'Case Qty',
    'Split Qty',
    'Code',
    'Item Status',
    'Replaced Item',
    'Pack',
    'Size',
    'Unit',
    'Brand',
    'Mfr #',
    'Desc',
    'Cat',
    'Case $',
    'Split $',
    'Per Lb',
    'Market',
    'Stock',
  ],
  [
    'P',
    '4092741',
    '',
    '',
    '',
    'A',
    '',
    '4',
    '5LB',
    'CS',
    'Sysco Classic',
    'MF1',
    'CHEESE CHEDDAR SHRD',
    'DAIRY',
    '54.95',
    '',
    '',
    '',
    'Y',
  ],
  ['P', '1234567', '', '', '', 'A', '', '1', '12#', 'LB', 'Buckhead', 'MF2', 'BEEF RIBEYE CH', 'MEAT', '11.49', '', 'Y', '', 'Y'],
  ['P', '7654321', '', '', '', 'A', '', '1', '10', 'LB', 'Packer', '', 'SALMON FILLET FRESH', 'SEAFOOD', 'MKT', '', '', 'Y', 'N'],
  [
    'P',
    '5550001',
    '',
    '',
    '',
    'A',
    '',
    '6',
    '#10',
    'CN',
    'Sysco',
    '',
    '=HYPERLINK("http://x")',
    'CANNED',
    '$1,032.5',
    '',
    '',
    '',
    '',
  ],
];

const USF_HEADER = [
  '\uFEFFProduct Number',
  'Product Description',
  'Product Brand',
  'Product Package Size',
  'Product Price',
  'Product Unit of Measure',
];

describe('findTemplate', () => {
  it('recognises the Sysco CSV by its F row, wherever the columns are', () => {
    const match = findTemplate(SYSCO, BUILT_IN_TEMPLATES);
    expect(match?.template.key).toBe('sysco-csv');
    expect(match?.headerRow).toBe(1);
    // Shuffled columns (record type kept first) still match by name.
    const order = [
      0,
      ...SYSCO[1]
        .slice(1)
        .map((_, i) => i + 1)
        .reverse(),
    ];
    const shuffled = SYSCO.map((row) => order.map((i) => row[i]));
    const again = findTemplate(shuffled, BUILT_IN_TEMPLATES);
    expect(again?.template.key).toBe('sysco-csv');
    expect(extractGuideLines(shuffled, again!).lines).toEqual(extractGuideLines(SYSCO, match!).lines);
  });

  it('recognises the US Foods list with a byte-order mark, any case, with or without prices', () => {
    const upper = [USF_HEADER.map((h) => h.toUpperCase()), ['123', 'Milk Whole', 'Glenview', '4/1 GAL', '18.20', 'CS']];
    expect(findTemplate(upper, BUILT_IN_TEMPLATES)?.template.key).toBe('usfoods-list');
    const noPrices = [
      ['Product Number', 'Product Description', 'Product Brand', 'Product Package Size'],
      ['9', 'Eggs', 'Glenview', '15 DZ'],
    ];
    const match = findTemplate(noPrices, BUILT_IN_TEMPLATES);
    expect(match?.template.key).toBe('usfoods-list');
    expect(extractGuideLines(noPrices, match!).lines[0]).toMatchObject({ din: '9', priceCents: null });
  });

  it('finds nothing for an unknown layout', () => {
    expect(
      findTemplate(
        [
          ['Item', 'Cost'],
          ['a', '1'],
        ],
        BUILT_IN_TEMPLATES,
      ),
    ).toBeNull();
    expect(findTemplate([], BUILT_IN_TEMPLATES)).toBeNull();
  });

  it('matches headers whatever their case and spacing (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), fc.nat(3), (uppers, pad) => {
        const header = USF_HEADER.map((h, i) => `${' '.repeat(pad)}${uppers[i] ? h.toUpperCase() : h.toLowerCase()}`);
        return findTemplate([header], BUILT_IN_TEMPLATES)?.template.key === 'usfoods-list';
      }),
    );
  });
});

describe('extractGuideLines', () => {
  it('reads Sysco P rows: packs, catch weight, market price, formula-like text as data', () => {
    const { lines, errors } = extractGuideLines(SYSCO, findTemplate(SYSCO, BUILT_IN_TEMPLATES)!);
    expect(errors).toEqual([]);
    expect(lines).toEqual([
      expect.objectContaining({ din: '4092741', packSize: '4/5 LB', priceCents: 5495, unitMeasure: 'CS', isCatchWeight: false }),
      expect.objectContaining({ din: '1234567', packSize: '1/12 LB', priceCents: 1149, unitMeasure: 'LB', isCatchWeight: true }),
      expect.objectContaining({ din: '7654321', packSize: '1/10 LB', priceCents: null, isMarketPrice: true }),
      expect.objectContaining({ din: '5550001', name: '=HYPERLINK("http://x")', packSize: '6/#10 CN', priceCents: 103250 }),
    ]);
  });

  it('reports rows without an item number or with a price that is not a number, and keeps the first of a repeated DIN', () => {
    const rows = [
      USF_HEADER,
      ['', 'No number', '', '1/1 EA', '1'],
      ['1', 'A', '', '1/1 EA', 'abc'],
      ['2', 'B', '', '1/1 EA', '2'],
      ['2', 'B again', '', '1/1 EA', '3'],
    ];
    const { lines, errors } = extractGuideLines(rows, findTemplate(rows, BUILT_IN_TEMPLATES)!);
    expect(lines.map((l) => [l.din, l.name])).toEqual([['2', 'B']]);
    expect(errors.map((e) => e.row)).toEqual([2, 3]);
    expect(errors[1].message).toMatch(/not a number/);
  });
});

describe('createGuideLineExtractor (a guide read row by row)', () => {
  it('reads each row as extractGuideLines does, and remembers a DIN thousands of rows later', () => {
    const rows = [USF_HEADER];
    for (let i = 1; i <= 5_000; i += 1) rows.push([String(i), `Item ${i}`, '', '4/5 LB', `${i}.25`]);
    rows.push(['', 'No number', '', '', '1'], ['17', 'Item 17 again', '', '1/1 EA', '9'], [' ', '', '', '', '']);
    const match = findTemplate(rows, BUILT_IN_TEMPLATES)!;
    const extractor = createGuideLineExtractor(match);
    const reads = rows.slice(1).map((row, i) => extractor.read(row, i + 2));
    const whole = extractGuideLines(rows, match);
    expect(reads.flatMap((read) => (read?.line ? [read.line] : []))).toEqual(whole.lines);
    expect(reads.flatMap((read) => (read?.error ? [read.error] : []))).toEqual(whole.errors);
    expect(whole.lines).toHaveLength(5_000);
    expect(whole.errors).toEqual([{ row: 5_002, message: 'Row 5002 has no item number.' }]);
    // The repeated DIN and the blank row give nothing.
    expect(reads.slice(-2)).toEqual([null, null]);
  });
});

describe('normalisePackString', () => {
  it.each([
    ['4/5 LB', '4/5 LB'],
    ['1/50#', '1/50 LB'],
    ['4/128/OZ', '4/128 OZ'],
    ['15LB', '1/15 LB'],
    ['6/#10 CN', '6/#10 CN'],
    ['24/12 fl oz', '24/12 FL OZ'],
    ['2/5 lbs', '2/5 LB'],
    ['  4 / 1 GAL ', '4/1 GAL'],
    ['BAG', 'BAG'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(normalisePackString(input)).toBe(expected);
  });

  it('gives a pack the catalogue parses for every outer/inner/unit written any of the ways (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom('LB', 'OZ', 'GAL', 'CT'),
        (outer, inner, unit) => {
          const expected = `${outer}/${inner} ${unit}`;
          const forms = [`${outer}/${inner} ${unit}`, `${outer}/${inner}/${unit}`, `${outer}/${inner}${unit.toLowerCase()}`];
          if (unit === 'LB') forms.push(`${outer}/${inner}#`);
          return forms.every((form) => normalisePackString(form) === expected && parsePackSize(expected) !== null);
        },
      ),
    );
  });
});

describe('parsePriceCents', () => {
  it('reads dollars exactly, rounding half up to the cent', () => {
    expect(parsePriceCents('$1,234.50')).toBe(123_450);
    expect(parsePriceCents('0.005')).toBe(1);
    expect(parsePriceCents('12')).toBe(1200);
    expect(parsePriceCents('-5')).toBeNull();
    expect(parsePriceCents('=1+1')).toBeNull();
  });

  it('round-trips every cent amount (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        (cents) => parsePriceCents(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`) === cents,
      ),
    );
  });
});
