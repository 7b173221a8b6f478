import { describe, expect, it } from 'vitest';
import { getPosDayTotals, parseHundredths, parsePosDate, readPosExport } from './pos-import.rules';

describe('parseHundredths', () => {
  it('reads money and quantities as vendors write them', () => {
    expect(parseHundredths('$1,234.56')).toBe(123456);
    expect(parseHundredths('12')).toBe(1200);
    expect(parseHundredths('1.5')).toBe(150);
    expect(parseHundredths('-$3.50')).toBe(-350);
    expect(parseHundredths('($3.50)')).toBe(-350);
    expect(parseHundredths('$-3.50')).toBe(-350);
    expect(parseHundredths('0.125')).toBe(13);
    expect(parseHundredths('')).toBe(0);
  });

  it('refuses what is not a number', () => {
    expect(parseHundredths('abc')).toBeNull();
    expect(parseHundredths('1.2.3')).toBeNull();
    expect(parseHundredths('1e5')).toBeNull();
  });
});

describe('parsePosDate', () => {
  it('takes the business date and drops the time', () => {
    expect(parsePosDate('11/20/2026 6:42 PM')).toBe('2026-11-20');
    expect(parsePosDate('2026-11-20')).toBe('2026-11-20');
    expect(parsePosDate('2026-11-20 18:42:00')).toBe('2026-11-20');
    expect(parsePosDate('1/2/26')).toBe('2026-01-02');
  });

  it('refuses impossible dates', () => {
    expect(parsePosDate('02/30/2026')).toBeNull();
    expect(parsePosDate('yesterday')).toBeNull();
    expect(parsePosDate('')).toBeNull();
  });
});

describe('readPosExport', () => {
  it('reads Toast columns by name, counts a voided line as rung up and voided, and sums each day', () => {
    const rows = [
      ['Location', 'Order Id', 'Order Date', 'Menu Item', 'Sales Category', 'Net Price', 'Qty', 'Void?'],
      ['Harbor Grill', '1', '11/20/2026 6:42 PM', 'Fish Tacos', 'Food', '$14.00', '1', 'false'],
      ['Harbor Grill', '2', '11/20/2026 7:10 PM', 'Fish Tacos', 'Food', '$28.00', '2', 'false'],
      ['Harbor Grill', '3', '11/20/2026 7:12 PM', 'Fish Tacos', 'Food', '$14.00', '1', 'true'],
      ['Harbor Grill', '4', '11/21/2026 12:01 PM', 'Brisket', 'Food', '$18.75', '1.5', 'false'],
      ['Harbor Grill', '5', 'not a date', 'Brisket', 'Food', '$1.00', '1', 'false'],
      ['', '', '', '', '', '', '', ''],
    ];
    const result = readPosExport(rows)!;
    expect(result.format).toBe('toast');
    expect(result.rows).toBe(4);
    expect(result.skipped).toBe(1);
    expect(result.sales).toEqual([
      {
        date: '2026-11-20',
        itemName: 'Fish Tacos',
        category: 'Food',
        soldHundredths: 400,
        voidHundredths: 100,
        amountCents: 4200,
      },
      { date: '2026-11-21', itemName: 'Brisket', category: 'Food', soldHundredths: 150, voidHundredths: 0, amountCents: 1875 },
    ]);
    expect(getPosDayTotals(result.sales)).toEqual([
      { date: '2026-11-20', total: 4200 },
      { date: '2026-11-21', total: 1875 },
    ]);
  });

  it('reads Square columns in any order, counts refunds as voids and takes their money back', () => {
    const rows = [
      ['Net Sales', 'Qty', 'Item', 'Category', 'Date', 'Time', 'Event Type'],
      ['$12.00', '1', 'Caesar Salad', 'Salads', '2026-11-20', '12:01:00', 'Payment'],
      ['($12.00)', '-1', 'Caesar Salad', 'Salads', '2026-11-20', '12:30:00', 'Refund'],
    ];
    const result = readPosExport(rows)!;
    expect(result.format).toBe('square');
    expect(result.sales).toEqual([
      {
        date: '2026-11-20',
        itemName: 'Caesar Salad',
        category: 'Salads',
        soldHundredths: 100,
        voidHundredths: 100,
        amountCents: 0,
      },
    ]);
  });

  it('finds the header under a title row and answers null for another layout', () => {
    expect(
      readPosExport([['Items Detail Report'], ['Date', 'Item', 'Qty', 'Net Sales'], ['2026-11-20', 'Soup', '2', '$10']])?.sales,
    ).toHaveLength(1);
    expect(
      readPosExport([
        ['Name', 'Price'],
        ['Soup', '5'],
      ]),
    ).toBeNull();
    expect(readPosExport([])).toBeNull();
  });
});
