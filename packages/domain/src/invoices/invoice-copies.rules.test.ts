import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  matchInvoiceCopies,
  normalizeInvoiceNumber,
  pickElectronicCopy,
  pickPaperCopies,
  type InvoiceCopyCandidate,
  type InvoiceCopyKey,
} from './invoice-copies.rules';

const edi: InvoiceCopyKey = { distributorId: 7, invoiceNumber: 'INV-58213', total: 2500, invoiceDate: '2026-11-20' };

describe('invoice numbers of two copies', () => {
  it('compares upper case, letters and digits only, leading zeros dropped', () => {
    expect(normalizeInvoiceNumber(' inv-58213 ')).toBe('INV58213');
    expect(normalizeInvoiceNumber('00058213')).toBe('58213');
    expect(normalizeInvoiceNumber('58 213')).toBe('58213');
    expect(normalizeInvoiceNumber('--')).toBeNull();
    expect(normalizeInvoiceNumber(null)).toBeNull();
    expect(normalizeInvoiceNumber('000')).toBeNull();
  });
});

describe('one invoice, not two (issue 36)', () => {
  it('matches the same distributor and invoice number, whatever the totals read', () => {
    expect(matchInvoiceCopies(edi, { ...edi, invoiceNumber: 'inv 58213', total: 9999, invoiceDate: null })).toBe(
      'invoice-number',
    );
  });

  it('never matches another distributor', () => {
    expect(matchInvoiceCopies(edi, { ...edi, distributorId: 8 })).toBeNull();
  });

  it('matches by total and date when the photo shows no invoice number', () => {
    expect(matchInvoiceCopies(edi, { ...edi, invoiceNumber: null })).toBe('total-date');
    expect(matchInvoiceCopies(edi, { ...edi, invoiceNumber: null, total: 2501 })).toBeNull();
    expect(matchInvoiceCopies(edi, { ...edi, invoiceNumber: null, invoiceDate: '2026-11-21' })).toBeNull();
    expect(matchInvoiceCopies(edi, { ...edi, invoiceNumber: null, total: null, invoiceDate: null })).toBeNull();
  });

  it('keeps two different numbers apart even with the same total and date', () => {
    expect(matchInvoiceCopies(edi, { ...edi, invoiceNumber: 'INV-58214' })).toBeNull();
  });

  it('picks the electronic invoice with the number, else the only one with the total and date', () => {
    const electronics: InvoiceCopyCandidate[] = [
      { id: 1, ...edi, invoiceNumber: 'INV-1' },
      { id: 2, ...edi },
      { id: 3, ...edi, invoiceNumber: 'INV-3', total: 100 },
    ];
    expect(pickElectronicCopy({ ...edi }, electronics)).toEqual({ id: 2, matchedBy: 'invoice-number' });
    expect(pickElectronicCopy({ ...edi, invoiceNumber: null, total: 100 }, electronics)).toEqual({
      id: 3,
      matchedBy: 'total-date',
    });
    // Ids 1 and 2 share total and date: ambiguous, the photo waits for a person.
    expect(pickElectronicCopy({ ...edi, invoiceNumber: null }, electronics)).toBeNull();
    expect(pickElectronicCopy({ ...edi, invoiceNumber: 'INV-9' }, electronics)).toBeNull();
  });

  it('attaches every waiting photo of the number (page by page), else those with the total and date', () => {
    const papers: InvoiceCopyCandidate[] = [
      { id: 10, ...edi },
      { id: 11, ...edi, invoiceNumber: null },
      { id: 12, ...edi, invoiceNumber: '58213-X' },
      { id: 13, ...edi, invoiceNumber: 'inv58213' },
    ];
    expect(pickPaperCopies(edi, papers)).toEqual([
      { id: 10, matchedBy: 'invoice-number' },
      { id: 13, matchedBy: 'invoice-number' },
    ]);
    // A photo with the number wins over one matching by total and date only.
    expect(pickPaperCopies(edi, papers.slice(1))).toEqual([{ id: 13, matchedBy: 'invoice-number' }]);
    expect(pickPaperCopies(edi, [papers[1]!])).toEqual([{ id: 11, matchedBy: 'total-date' }]);
    expect(pickPaperCopies(edi, [])).toEqual([]);
  });
});

const key = fc.record({
  distributorId: fc.integer({ min: 1, max: 3 }),
  invoiceNumber: fc.option(fc.constantFrom('INV-1', 'inv 1', '001', '1', 'INV-2', 'X'), { nil: null }),
  total: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  invoiceDate: fc.option(fc.constantFrom('2026-11-20', '2026-11-21'), { nil: null }),
});
const candidates = fc
  .uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 50 }), key }), { selector: (c) => c.id })
  .map((list) => list.map(({ id, key: k }): InvoiceCopyCandidate => ({ id, ...k })));

describe('a photo that came by e-mail (no order, no distributor)', () => {
  const mailed: InvoiceCopyKey = { ...edi, distributorId: null };

  it("matches any of the location's distributors by number, else by total and date", () => {
    expect(matchInvoiceCopies({ ...edi, distributorId: 9 }, mailed)).toBe('invoice-number');
    expect(matchInvoiceCopies({ ...edi, distributorId: 9 }, { ...mailed, invoiceNumber: null })).toBe('total-date');
    expect(matchInvoiceCopies(edi, { ...mailed, invoiceNumber: 'INV-1' })).toBeNull();
  });

  it('waits when two distributors have an invoice of its number', () => {
    const candidates: InvoiceCopyCandidate[] = [
      { ...edi, id: 1 },
      { ...edi, id: 2, distributorId: 9 },
    ];
    expect(pickElectronicCopy(mailed, candidates)).toBeNull();
    expect(pickElectronicCopy(mailed, candidates.slice(1))).toEqual({ id: 2, matchedBy: 'invoice-number' });
    expect(pickPaperCopies(edi, [{ ...mailed, id: 5 }])).toEqual([{ id: 5, matchedBy: 'invoice-number' }]);
  });
});

describe('copy matching properties', () => {
  it('is symmetric and needs the same distributor', () => {
    fc.assert(
      fc.property(key, key, (a, b) => {
        expect(matchInvoiceCopies(a, b)).toBe(matchInvoiceCopies(b, a));
        if (a.distributorId !== b.distributorId) expect(matchInvoiceCopies(a, b)).toBeNull();
      }),
    );
  });

  it('picks only a candidate that matches, whatever order the candidates come in', () => {
    fc.assert(
      fc.property(key, candidates, (paper, list) => {
        const picked = pickElectronicCopy(paper, list);
        if (picked) {
          const chosen = list.find((c) => c.id === picked.id)!;
          expect(matchInvoiceCopies(chosen, paper)).toBe(picked.matchedBy);
        }
        expect(pickElectronicCopy(paper, [...list].reverse())).toEqual(picked);
        const papers = pickPaperCopies(paper, list);
        for (const match of papers)
          expect(
            matchInvoiceCopies(
              paper,
              list.find((c) => c.id === match.id)!,
            ),
          ).toBe(match.matchedBy);
        expect(pickPaperCopies(paper, [...list].reverse())).toEqual(papers);
      }),
    );
  });

  it('whichever arrives first, a photo with the number and an electronic invoice end up together', () => {
    fc.assert(
      fc.property(key, fc.integer({ min: 1, max: 50 }), (electronic, id) => {
        fc.pre(normalizeInvoiceNumber(electronic.invoiceNumber) !== null);
        const photo: InvoiceCopyCandidate = { ...electronic, id, total: null, invoiceDate: null };
        // Photo first: the electronic invoice attaches it. Electronic first: the photo finds it.
        expect(pickPaperCopies(electronic, [photo])).toEqual([{ id, matchedBy: 'invoice-number' }]);
        expect(pickElectronicCopy(photo, [{ ...electronic, id: 99 }])).toEqual({ id: 99, matchedBy: 'invoice-number' });
      }),
    );
  });
});
