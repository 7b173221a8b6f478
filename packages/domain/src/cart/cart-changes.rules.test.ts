import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCartChanges } from './cart-sync.rules';

const line = (id: number, quantity: number) => ({ id, quantity });

describe('applying a save answered with its changes', () => {
  it('replaces changed lines, adds new ones in id order and drops removed ones', () => {
    const lines = [line(3, 1), line(7, 2), line(9, 5)];
    expect(applyCartChanges(lines, { changedLines: [line(7, 4), line(12, 1)], removedLineIds: [9] })).toEqual([
      line(3, 1),
      line(7, 4),
      line(12, 1),
    ]);
  });

  it('leaves the cart as it was for an empty answer and ignores unknown removed ids', () => {
    const lines = [line(1, 1), line(2, 2)];
    expect(applyCartChanges(lines, { changedLines: [], removedLineIds: [99] })).toEqual(lines);
  });

  it('equals the server cart after the same writes (any lines, any changes)', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 20 });
    fc.assert(
      fc.property(ids, ids, ids, fc.nat({ max: 9 }), (start, changed, removed, quantity) => {
        const removedOnly = removed.filter((id) => !changed.includes(id));
        const before = start.map((id) => line(id, 1));
        const after = applyCartChanges(before, {
          changedLines: changed.map((id) => line(id, quantity)),
          removedLineIds: removedOnly,
        });
        // What the server's cart would hold: every line of `start` or `changed`, minus the removed.
        const expected = [...new Set([...start, ...changed])]
          .filter((id) => !removedOnly.includes(id))
          .sort((a, b) => a - b)
          .map((id) => line(id, changed.includes(id) ? quantity : 1));
        expect(after).toEqual(expected);
      }),
    );
  });
});
