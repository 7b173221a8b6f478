import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addPosLine, EMPTY_POS_QUANTITIES, getPosNetHundredths, type PosLine } from './pos-quantities.rules';

const total = (lines: PosLine[]) => lines.reduce(addPosLine, EMPTY_POS_QUANTITIES);

describe('the POS quantities rule', () => {
  it("counts the issue's Toast day right: 2 burgers kept and 1 line voided is sold 3, void 1, net 2", () => {
    const day = total([
      { kind: 'sale', qtyHundredths: 100, amountCents: 1900 },
      { kind: 'sale', qtyHundredths: 100, amountCents: 1900 },
      { kind: 'void', qtyHundredths: 100, amountCents: 1900 },
    ]);
    expect(day).toEqual({ soldHundredths: 300, voidHundredths: 100, amountCents: 3800 });
    expect(getPosNetHundredths(day)).toBe(200);
  });

  it('takes a refund back out of the amount but not out of what was rung up', () => {
    const day = total([
      { kind: 'sale', qtyHundredths: 200, amountCents: 2400 },
      { kind: 'refund', qtyHundredths: -100, amountCents: -1200 },
    ]);
    expect(day).toEqual({ soldHundredths: 200, voidHundredths: 100, amountCents: 1200 });
    expect(getPosNetHundredths(day)).toBe(100);
  });

  it('reads a sale written with a negative quantity as a refund, whatever sign its amount has', () => {
    expect(total([{ kind: 'sale', qtyHundredths: -150, amountCents: -1050 }])).toEqual({
      soldHundredths: 0,
      voidHundredths: 150,
      amountCents: -1050,
    });
    expect(total([{ kind: 'refund', qtyHundredths: 100, amountCents: 700 }]).amountCents).toBe(-700);
  });

  const line = fc.record({
    kind: fc.constantFrom<PosLine['kind']>('sale', 'void', 'refund'),
    qtyHundredths: fc.integer({ min: 1, max: 5000 }),
    price: fc.integer({ min: 0, max: 10_000 }),
  });

  it('adds up to what the guests kept and paid, in any order of rows', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (rows) => {
        // The export's way of writing each kind: refunds negative, voids and sales positive.
        const lines: PosLine[] = rows.map((r) =>
          r.kind === 'refund'
            ? { kind: 'refund', qtyHundredths: -r.qtyHundredths, amountCents: -r.price }
            : { kind: r.kind, qtyHundredths: r.qtyHundredths, amountCents: r.price },
        );
        const kept = rows.reduce(
          (sum, r) => sum + (r.kind === 'sale' ? r.qtyHundredths : r.kind === 'refund' ? -r.qtyHundredths : 0),
          0,
        );
        const paid = rows.reduce((sum, r) => sum + (r.kind === 'sale' ? r.price : r.kind === 'refund' ? -r.price : 0), 0);
        const rungUp = rows.reduce((sum, r) => sum + (r.kind === 'refund' ? 0 : r.qtyHundredths), 0);
        const day = total(lines);
        expect(getPosNetHundredths(day)).toBe(kept);
        expect(day.amountCents).toBe(paid);
        expect(day.soldHundredths).toBe(rungUp);
        expect(total([...lines].reverse())).toEqual(day);
      }),
    );
  });
});
