import { describe, expect, it } from 'vitest';
import { getPosDayTotals, readPosExport, type PosDaySale } from './pos-import.rules';
import { getPosNetHundredths } from './pos-quantities.rules';

/**
 * Whole exports as Toast and Square write them (every column of ItemSelectionDetails.csv and of the
 * Items Detail CSV), with voids and refunds, checked against the totals the file itself gives:
 * Toast's net sales and quantity leave out the lines marked 'Void?', Square's add up every row,
 * refunds being negative.
 */
// prettier-ignore
const TOAST_HEADER = [
  'Location', 'Order Id', 'Order #', 'Sent Date', 'Order Date', 'Check Id', 'Server', 'Table', 'Dining Area', 'Service',
  'Dining Option', 'Item Selection Id', 'Item Id', 'Master Id', 'SKU', 'PLU', 'Menu Item', 'Menu Subgroup(s)', 'Menu Group',
  'Menu', 'Sales Category', 'Gross Price', 'Discount', 'Net Price', 'Qty', 'Tax', 'Void?', 'Deferred', 'Tax Exempt',
  'Tax Inclusion Option', 'Dining Option Tax', 'Tab Name',
];

// prettier-ignore
const SQUARE_HEADER = [
  'Date', 'Time', 'Time Zone', 'Category', 'Item', 'Qty', 'Price Point Name', 'SKU', 'Modifiers Applied', 'Gross Sales',
  'Discounts', 'Net Sales', 'Tax', 'Transaction ID', 'Payment ID', 'Device Name', 'Notes', 'Details', 'Event Type',
  'Location', 'Dining Option', 'Customer ID', 'Customer Name', 'Customer Reference ID', 'Unit', 'Count', 'Itemization Type',
];

let orderNumber = 100;
function toastRow(
  at: string,
  item: string,
  group: string,
  gross: string,
  discount: string,
  net: string,
  qty: string,
  isVoid: boolean,
) {
  orderNumber += 1;
  // prettier-ignore
  const values: Record<string, string> = {
    Location: 'Harbor Grill', 'Order Id': `5000${orderNumber}`, 'Order #': String(orderNumber), 'Sent Date': at,
    'Order Date': at, 'Check Id': `7000${orderNumber}`, Server: 'Maria G.', Table: '12', 'Dining Area': 'Main Dining',
    Service: 'Dinner', 'Dining Option': 'Dine In', 'Item Selection Id': `9000${orderNumber}`, 'Item Id': '400703',
    'Menu Item': item, 'Menu Group': group, Menu: 'Dinner Menu', 'Sales Category': 'Food', 'Gross Price': gross,
    Discount: discount, 'Net Price': net, Qty: qty, Tax: '$0.00', 'Void?': String(isVoid), Deferred: 'false',
    'Tax Exempt': 'false', 'Tax Inclusion Option': 'INCLUDED',
  };
  return TOAST_HEADER.map((column) => values[column] ?? '');
}

function squareRow(
  date: string,
  time: string,
  category: string,
  item: string,
  qty: string,
  net: string,
  event: 'Payment' | 'Refund',
) {
  // prettier-ignore
  const values: Record<string, string> = {
    Date: date, Time: time, 'Time Zone': 'Eastern Time (US & Canada)', Category: category, Item: item, Qty: qty,
    'Price Point Name': 'Regular', 'Gross Sales': net, Discounts: '$0.00', 'Net Sales': net, Tax: '$0.00',
    'Transaction ID': `T${time}`, 'Payment ID': `P${time}`, 'Device Name': 'Front Counter', 'Event Type': event,
    Location: 'Harbor Grill', 'Dining Option': 'For Here', Count: qty.replace('-', ''), 'Itemization Type': 'Physical Item',
  };
  return SQUARE_HEADER.map((column) => values[column] ?? '');
}

const TOAST = [
  TOAST_HEADER,
  toastRow('11/20/2026 5:42 PM', 'Harbor Burger', 'Entrees', '$19.00', '$0.00', '$19.00', '1', false),
  toastRow('11/20/2026 6:05 PM', 'Harbor Burger', 'Entrees', '$19.00', '$1.90', '$17.10', '1', false),
  toastRow('11/20/2026 6:07 PM', 'Harbor Burger', 'Entrees', '$19.00', '$0.00', '$19.00', '1', true),
  toastRow('11/20/2026 6:30 PM', 'Onion Rings', 'Sides', '$18.00', '$0.00', '$18.00', '2', true),
  toastRow('11/20/2026 6:31 PM', 'Onion Rings', 'Sides', '$9.00', '$0.00', '$9.00', '1', false),
  toastRow('11/20/2026 7:12 PM', 'Smoked Brisket by the Pound', 'Entrees', '$33.00', '$0.00', '$33.00', '1.5', false),
  toastRow('11/21/2026 12:02 PM', 'Harbor Burger', 'Entrees', '$38.00', '$0.00', '$38.00', '2', false),
  toastRow('11/21/2026 12:20 PM', 'Clam Chowder Cup', 'Soups', '$7.00', '$0.00', '$7.00', '1', true),
];

const SQUARE = [
  SQUARE_HEADER,
  squareRow('2026-11-20', '11:48:03', 'Salads', 'Caesar Salad', '2', '$24.00', 'Payment'),
  squareRow('2026-11-20', '12:10:44', 'Sides', 'Onion Rings', '2', '$18.00', 'Payment'),
  squareRow('2026-11-20', '12:31:09', 'Salads', 'Caesar Salad', '-1', '($12.00)', 'Refund'),
  squareRow('2026-11-21', '18:02:51', 'Entrees', 'Pan-Roasted Chicken', '3', '$78.00', 'Payment'),
  squareRow('2026-11-21', '18:40:12', 'Soups', 'Clam Chowder Cup', '1.5', '$10.50', 'Payment'),
  // A guest of the day before brings the onion rings back.
  squareRow('2026-11-21', '19:05:00', 'Sides', 'Onion Rings', '-1', '-$9.00', 'Refund'),
];

/** An independent reading of a money or quantity cell, in hundredths. */
const hundredths = (text: string) => Math.round(Number(text.replace(/[$,()]/g, '')) * 100) * (text.startsWith('(') ? -1 : 1);
const toIsoDate = (text: string) => {
  const us = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(text);
  return us ? `${us[3]}-${us[1]}-${us[2]}` : text.slice(0, 10);
};

/** Net quantity and net sales per day, as the export itself counts them. */
function fileTotals(
  rows: string[][],
  columns: { date: string; qty: string; amount: string },
  isKept: (row: string[]) => boolean,
) {
  const [header, ...body] = rows;
  const at = (name: string) => header.indexOf(name);
  const days = new Map<string, { qty: number; amount: number }>();
  for (const row of body.filter(isKept)) {
    const day = toIsoDate(row[at(columns.date)]);
    const sum = days.get(day) ?? { qty: 0, amount: 0 };
    days.set(day, { qty: sum.qty + hundredths(row[at(columns.qty)]), amount: sum.amount + hundredths(row[at(columns.amount)]) });
  }
  return days;
}

function importedTotals(sales: PosDaySale[]) {
  const days = new Map<string, { qty: number; amount: number }>();
  for (const sale of sales) {
    const sum = days.get(sale.date) ?? { qty: 0, amount: 0 };
    days.set(sale.date, { qty: sum.qty + getPosNetHundredths(sale), amount: sum.amount + sale.amountCents });
  }
  return days;
}

describe('a real export adds up to its own totals', () => {
  it('Toast: a voided line is rung up and voided, its price is no sale', () => {
    const result = readPosExport(TOAST)!;
    expect(result).toMatchObject({ format: 'toast', rows: 8, skipped: 0 });
    const voidColumn = TOAST_HEADER.indexOf('Void?');
    const expected = fileTotals(
      TOAST,
      { date: 'Order Date', qty: 'Qty', amount: 'Net Price' },
      (row) => row[voidColumn] !== 'true',
    );
    expect(importedTotals(result.sales)).toEqual(expected);
    expect(getPosDayTotals(result.sales)).toEqual([...expected].map(([date, sum]) => ({ date, total: sum.amount })));
    // By hand: 11/20 sold $19.00 + $17.10 + $9.00 + $33.00.
    expect(expected.get('2026-11-20')).toEqual({ qty: 450, amount: 7810 });
    const burger = result.sales.find((s) => s.date === '2026-11-20' && s.itemName === 'Harbor Burger')!;
    expect([burger.soldHundredths, burger.voidHundredths, getPosNetHundredths(burger), burger.amountCents]).toEqual([
      300, 100, 200, 3610,
    ]);
    const rings = result.sales.find((s) => s.date === '2026-11-20' && s.itemName === 'Onion Rings')!;
    expect([rings.soldHundredths, rings.voidHundredths, getPosNetHundredths(rings), rings.amountCents]).toEqual([
      300, 200, 100, 900,
    ]);
    const chowder = result.sales.find((s) => s.itemName === 'Clam Chowder Cup')!;
    expect([chowder.soldHundredths, chowder.voidHundredths, chowder.amountCents]).toEqual([100, 100, 0]);
  });

  it('Square: a refund is a void and gives its money back, on the day it is made', () => {
    const result = readPosExport(SQUARE)!;
    expect(result).toMatchObject({ format: 'square', rows: 6, skipped: 0 });
    const expected = fileTotals(SQUARE, { date: 'Date', qty: 'Qty', amount: 'Net Sales' }, () => true);
    expect(importedTotals(result.sales)).toEqual(expected);
    expect(getPosDayTotals(result.sales)).toEqual([...expected].map(([date, sum]) => ({ date, total: sum.amount })));
    // By hand: 11/20 $24.00 + $18.00 − $12.00.
    expect(expected.get('2026-11-20')).toEqual({ qty: 300, amount: 3000 });
    const caesar = result.sales.find((s) => s.itemName === 'Caesar Salad')!;
    expect([caesar.soldHundredths, caesar.voidHundredths, getPosNetHundredths(caesar), caesar.amountCents]).toEqual([
      200, 100, 100, 1200,
    ]);
    const returned = result.sales.find((s) => s.date === '2026-11-21' && s.itemName === 'Onion Rings')!;
    expect([returned.soldHundredths, returned.voidHundredths, getPosNetHundredths(returned), returned.amountCents]).toEqual([
      0, 100, -100, -900,
    ]);
  });
});
