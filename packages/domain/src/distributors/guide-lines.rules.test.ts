import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkRowCells, countHeaderCells, describeMissingPrices, extractGuideLines, toColumnLetters } from './guide-lines.rules';
import { BUILT_IN_TEMPLATES, findTemplate } from './order-guide-template.rules';

const HEADER = ['din', 'name', 'category', 'brand', 'pack_size', 'unit_measure', 'price'];
const CATEGORIES = ['BAKING', 'CANNED', 'DAIRY', 'PRODUCE', 'MEAT', 'SEAFOOD', 'FROZEN', 'DRY GOODS', 'PAPER', 'CHEMICAL'];

/** The reported file (issue 31): an exporter dropped the name column, so every row is one cell short. */
const shortRows: string[][] = [
  HEADER,
  ...CATEGORIES.map((category, index) => [`10${index}1`, category, 'Gold Medal', '1/50 LB', 'CS', `${24 + index}.50`]),
];

describe('every row of a guide is checked (issue 31)', () => {
  it('refuses each row that is one cell short of the header, with its row number: no item is read', () => {
    const match = findTemplate(shortRows, BUILT_IN_TEMPLATES)!;
    const { lines, errors } = extractGuideLines(shortRows, match, { checkCellCount: true });
    expect(lines).toEqual([]);
    expect(errors).toHaveLength(10);
    expect(errors[0]).toEqual({
      row: 2,
      message: 'Row 2 has 6 cells but the header has 7: its cells do not line up with the columns.',
    });
    expect(errors.map((error) => error.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('never reads a category as a name nor an empty price as $0.00, even without the cell count', () => {
    const match = findTemplate(shortRows, BUILT_IN_TEMPLATES)!;
    const { lines, errors } = extractGuideLines(shortRows, match);
    // Without the count (a spreadsheet), the shifted pack "CS" still cannot be read as a pack.
    expect(lines).toEqual([]);
    expect(errors[0].message).toBe(
      'Row 2 (item 1001) has a pack size that cannot be read: "CS" (write it like 4/5 LB or 6/#10 CN).',
    );
  });

  it('reads rows that line up, and ignores an exporter trailing empty cell', () => {
    const rows = [HEADER.concat(''), ['1001', 'Flour All Purpose', 'BAKING', 'Gold Medal', '1/50#', 'CS', '$24.50', '']];
    const { lines, errors } = extractGuideLines(rows, findTemplate(rows, BUILT_IN_TEMPLATES)!, { checkCellCount: true });
    expect(errors).toEqual([]);
    expect(lines).toEqual([
      {
        row: 2,
        din: '1001',
        name: 'Flour All Purpose',
        brand: 'Gold Medal',
        packSize: '1/50 LB',
        unitMeasure: 'CS',
        priceCents: 2450,
        isCatchWeight: false,
        isMarketPrice: false,
      },
    ]);
  });

  it('refuses a price that is not a number and a pack size that cannot be read, each with its reason', () => {
    const rows = [
      HEADER,
      ['1', 'Flour', 'BAKING', 'GM', '1/50 LB', 'CS', 'twelve'],
      ['2', 'Sugar', 'BAKING', 'C&H', 'big bag', 'CS', '30.00'],
      ['3', 'Salt', 'BAKING', 'Morton', '', 'CS', '9.00'],
      ['4', 'Oil', 'DRY', 'Crisco', '6/#10 CN', 'CS', '41.00'],
    ];
    const { lines, errors } = extractGuideLines(rows, findTemplate(rows, BUILT_IN_TEMPLATES)!, { checkCellCount: true });
    expect(errors).toEqual([
      { row: 2, message: 'Row 2 (item 1) has a price that is not a number: "twelve".' },
      { row: 3, message: 'Row 3 (item 2) has a pack size that cannot be read: "big bag" (write it like 4/5 LB or 6/#10 CN).' },
      { row: 4, message: 'Row 4 (item 3) has no pack size.' },
    ]);
    expect(lines.map((line) => [line.din, line.packSize, line.priceCents])).toEqual([['4', '6/#10 CN', 4100]]);
  });

  it('a row with a filled cell beyond the header does not line up either', () => {
    expect(checkRowCells(['1', 'a', 'b', 'x'], 3, 7)?.message).toBe(
      'Row 7 has 4 cells but the header has 3: its cells do not line up with the columns.',
    );
    expect(checkRowCells(['1', 'a', 'b', '', ' '], 3, 7)).toBeNull();
  });

  it('any row shorter than the header is refused; any row as long is not (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 40 }), (headerCells, length) => {
        const row = Array.from({ length }, (_, i) => `c${i}`);
        const refused = checkRowCells(row, headerCells, 2) !== null;
        expect(refused).toBe(length !== headerCells);
      }),
    );
  });

  it('counts the header up to its last filled cell', () => {
    expect(countHeaderCells(['a', 'b', '', ''])).toBe(2);
    expect(countHeaderCells(['a', '', 'c'])).toBe(3);
  });
});

describe('a file in which no row has a price (issue 31)', () => {
  it('names the column that was read for prices', () => {
    const rows = [HEADER, ['1', 'Flour', 'BAKING', 'GM', '1/50 LB', 'CS', '']];
    expect(describeMissingPrices(findTemplate(rows, BUILT_IN_TEMPLATES)!)).toBe(
      'No row has a price in the column read for prices, "price" (column G). Check that this column holds the prices, or download the guide with prices.',
    );
  });

  it('names the headers looked for when the file has no price column', () => {
    const rows = [
      ['Product Number', 'Product Description', 'Product Package Size'],
      ['1', 'Flour', '1/50 LB'],
    ];
    expect(describeMissingPrices(findTemplate(rows, BUILT_IN_TEMPLATES)!)).toContain(
      'the file has no price column (looked for "Product Price", "Product Case Price", "Price")',
    );
  });

  it('writes column letters as a spreadsheet does', () => {
    expect([0, 6, 25, 26, 27, 701, 702].map(toColumnLetters)).toEqual(['A', 'G', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});

describe('a per-pound price column (column mapping, issue 31)', () => {
  it('makes a catch-weight line sold by the pound when the case price is empty', () => {
    const rows = [
      ['Item', 'Desc', 'Pack', 'Case Price', 'Lb Price'],
      ['77', 'Ribeye', '2/12 LB', '', '12.99'],
      ['78', 'Chicken', '4/10 LB', '58.00', ''],
    ];
    const template = {
      key: 'custom',
      name: 'custom',
      columns: { din: ['Item'], name: ['Desc'], pack_size: ['Pack'], price: ['Case Price'], lb_price: ['Lb Price'] },
      required: ['din' as const, 'name' as const],
    };
    const { lines } = extractGuideLines(rows, findTemplate(rows, [template])!, { checkCellCount: true });
    expect(lines.map((line) => [line.din, line.priceCents, line.unitMeasure, line.isCatchWeight])).toEqual([
      ['77', 1299, 'LB', true],
      ['78', 5800, 'CS', false],
    ]);
  });
});
