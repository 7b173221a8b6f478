import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageOf } from './chain-display.rules';

describe('pageOf', () => {
  it('shows rows 26–50 of 60 on page 2 of 3 at 25 a page', () => {
    const rows = Array.from({ length: 60 }, (_, i) => i + 1);
    const page = pageOf(rows, 2, 25);
    expect(page).toMatchObject({ page: 2, pageCount: 3, first: 26, last: 50 });
    expect(page.rows).toEqual(rows.slice(25, 50));
    expect(pageOf(rows, 3, 25)).toMatchObject({ first: 51, last: 60 });
  });

  it('keeps the page within 1 and the last, and has one empty page for no rows', () => {
    expect(pageOf([1, 2, 3], 9, 2)).toMatchObject({ page: 2, rows: [3] });
    expect(pageOf([1, 2, 3], 0, 2)).toMatchObject({ page: 1, rows: [1, 2] });
    expect(pageOf([], 1, 25)).toEqual({ rows: [], page: 1, pageCount: 1, first: 0, last: 0 });
  });

  it('pages cover every row once, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 1, max: 30 }), (rows, size) => {
        const { pageCount } = pageOf(rows, 1, size);
        const pages = Array.from({ length: pageCount }, (_, i) => pageOf(rows, i + 1, size));
        expect(pages.flatMap((p) => p.rows)).toEqual(rows);
        for (const p of pages) {
          if (p.rows.length) expect(p.last - p.first + 1).toBe(p.rows.length);
          expect(rows.slice(p.first - 1, p.last)).toEqual(p.rows.length ? p.rows : rows.slice(0, 0));
        }
      }),
    );
  });
});
