import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getInvoiceLineAmount, normalizeItemNumber, normalizeQuantity, normalizeUpc } from './invoice.rules';
import { matchInvoiceLines, parsePoNumber, pickInvoiceOrder, type InvoiceOrderCandidate } from './invoice-matching.rules';

describe('line amounts', () => {
  it('is quantity × unit price in cents, rounded half away from zero', () => {
    expect(getInvoiceLineAmount('4', 125000)).toBe(5000);
    expect(getInvoiceLineAmount('41.25', 34567)).toBe(14259); // 142.588875
    expect(getInvoiceLineAmount('1', 50)).toBe(1); // $0.005 → 1 cent
    expect(getInvoiceLineAmount('1', 49)).toBe(0);
  });

  it('equals the exact product to within half a cent (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99_999_999 }), (thousandths, price) => {
        const quantity = normalizeQuantity(`${Math.trunc(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`)!;
        const exact = BigInt(thousandths) * BigInt(price); // 1e-7 dollars
        const cents = BigInt(getInvoiceLineAmount(quantity, price));
        const diff = cents * 100_000n - exact;
        expect(diff <= 50_000n && diff >= -50_000n).toBe(true);
      }),
    );
  });

  it('normalises quantities, item numbers and UPCs', () => {
    expect(normalizeQuantity('04.500')).toBe('4.5');
    expect(normalizeQuantity('1,200')).toBe('1200');
    expect(normalizeQuantity('1.2345')).toBeNull();
    expect(normalizeItemNumber(' 001234 ')).toBe('1234');
    expect(normalizeUpc('0 12345 67890 5')).toBe(normalizeUpc('00012345678905'));
  });
});

describe('which order an invoice belongs to', () => {
  const orders: InvoiceOrderCandidate[] = [
    { id: 41, distributorId: 7, status: 'submitted', orderDate: '2026-11-10', deliveryDate: '2026-11-12' },
    { id: 42, distributorId: 7, status: 'submitted', orderDate: '2026-11-18', deliveryDate: '2026-11-20' },
    { id: 43, distributorId: 8, status: 'submitted', orderDate: '2026-11-18', deliveryDate: '2026-11-20' },
    { id: 44, distributorId: 7, status: 'cancelled', orderDate: '2026-11-19', deliveryDate: '2026-11-21' },
  ];

  it('reads our PO numbers however the distributor writes them', () => {
    expect(['42', 'PO-42', 'PO # 000042', '#42', 'p.o. 42'].map(parsePoNumber)).toEqual([42, 42, 42, 42, 42]);
    expect(parsePoNumber('ABC-42')).toBeNull();
    expect(parsePoNumber(null)).toBeNull();
  });

  it('matches by PO number first', () => {
    expect(pickInvoiceOrder({ poNumber: 'PO-43', poDate: null, invoiceDate: '2026-11-20' }, orders, null)).toEqual({
      orderId: 43,
      matchedBy: 'po-number',
    });
  });

  it('never matches a cancelled order nor, by PO, another distributor’s order', () => {
    expect(pickInvoiceOrder({ poNumber: '44', poDate: null, invoiceDate: '2026-11-21' }, orders, null)).toBeNull();
    expect(pickInvoiceOrder({ poNumber: '43', poDate: null, invoiceDate: '2026-11-01' }, orders, 7)).toBeNull();
  });

  it('else by distributor: delivered on the invoice date, else placed on the PO date, else placed in the week before', () => {
    const at = (invoiceDate: string, poDate: string | null = null) =>
      pickInvoiceOrder({ poNumber: null, poDate, invoiceDate }, orders, 7);
    expect(at('2026-11-20')).toEqual({ orderId: 42, matchedBy: 'distributor-date' });
    expect(at('2026-11-25', '2026-11-10')?.orderId).toBe(41);
    expect(at('2026-11-16')?.orderId).toBe(41);
    expect(at('2026-12-20')).toBeNull();
    expect(pickInvoiceOrder({ poNumber: null, poDate: null, invoiceDate: '2026-11-20' }, orders, null)).toBeNull();
  });
});

describe('which order line an invoice line bills', () => {
  const targets = [
    { id: 1, itemNumber: '1234', upc: '012345678905' },
    { id: 2, itemNumber: '5678', upc: null },
  ];

  it('matches by item number, else UPC, and lists the rest, never dropping a line', () => {
    const result = matchInvoiceLines(
      [
        { itemNumber: '001234', upc: null },
        { itemNumber: '9999', upc: null },
        { itemNumber: null, upc: '00012345678905' },
        { itemNumber: 'X', upc: '5678' },
        { itemNumber: '5678', upc: null },
      ],
      targets,
    );
    expect(result.matched).toEqual([
      { lineIndex: 0, targetId: 1, matchedBy: 'item-number' },
      { lineIndex: 4, targetId: 2, matchedBy: 'item-number' },
    ]);
    // Line 3's UPC names target 1, already billed by line 1: listed, not merged.
    expect(result.unmatched).toEqual([1, 2, 3]);
  });

  it('accounts for every line exactly once (property)', () => {
    const id = fc.option(fc.constantFrom('1234', '5678', '0001234', '42'), { nil: null });
    fc.assert(
      fc.property(
        fc.array(fc.record({ itemNumber: id, upc: fc.option(fc.constantFrom('012345678905', '1'), { nil: null }) })),
        (lines) => {
          const { matched, unmatched } = matchInvoiceLines(lines, targets);
          const seen = [...matched.map((m) => m.lineIndex), ...unmatched].sort((a, b) => a - b);
          expect(seen).toEqual(lines.map((_, i) => i));
          expect(new Set(matched.map((m) => m.targetId)).size).toBe(matched.length);
        },
      ),
    );
  });
});
