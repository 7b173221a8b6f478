import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getSortMoveProblem, moveAcrossPages, moveArrayItem, planSortedMove } from './sort-order.rules';

describe('planSortedMove', () => {
  const rows = ['a', 'b', 'c', 'd'];

  it('names the new neighbours, the displaced row and top or bottom', () => {
    expect(planSortedMove(rows, 3, 0, false)).toEqual({
      rows: ['d', 'a', 'b', 'c'],
      moved: 'd',
      above: null,
      below: 'a',
      displaced: 'a',
      special: 'top',
    });
    expect(planSortedMove(rows, 0, 3, false)).toMatchObject({ above: 'd', below: null, special: 'bottom' });
    // The last row shown is not the bottom while more rows wait below.
    expect(planSortedMove(rows, 0, 3, true)).toMatchObject({ above: 'd', below: null, special: null });
    expect(planSortedMove(rows, 1, 2, false)).toMatchObject({ above: 'c', below: 'd', special: null });
    expect(planSortedMove(rows, 1, 1, false)).toBeNull();
    expect(planSortedMove(rows, 1, 9, false)).toBeNull();
  });
});

describe('moveAcrossPages', () => {
  it('moves a row across pages and keeps every page its size', () => {
    expect(moveAcrossPages([['a', 'b'], ['c', 'd'], ['e']], 4, 0)).toEqual([['e', 'a'], ['b', 'c'], ['d']]);
  });

  it('is the flat move, cut back into the same page sizes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer(), { maxLength: 5 }), { maxLength: 5 }),
        fc.nat(30),
        fc.nat(30),
        (pages, from, to) => {
          const moved = moveAcrossPages(pages, from, to);
          expect(moved.map((page) => page.length)).toEqual(pages.map((page) => page.length));
          expect(moved.flat()).toEqual(moveArrayItem(pages.flat(), from, to));
        },
      ),
    );
  });
});

describe('getSortMoveProblem', () => {
  it('refuses an item as its own neighbour and a move without a place', () => {
    expect(getSortMoveProblem({ movedId: 1, neighbourIds: [1], special: null })).toBe('own-neighbour');
    expect(getSortMoveProblem({ movedId: 1, neighbourIds: [], special: null })).toBe('no-place');
    expect(getSortMoveProblem({ movedId: 1, neighbourIds: [], special: 'top' })).toBeNull();
    expect(getSortMoveProblem({ movedId: 1, neighbourIds: [2, 3], special: null })).toBeNull();
  });
});
