import { describe, expect, it } from 'vitest';
import { getPagedRows, mapPagedRows, moveInPages } from './use-paged-move';
import type { Pages } from './use-paged-query';

interface Row {
  itemDistributorId: number;
  sortIndex: number | null;
}

const meta = { pageCount: 3, currentPage: 1, totalCount: 6 };
const pages = (...sizes: Row[][]): Pages<Row> => ({
  pages: sizes.map((data, index) => ({ data, meta: { ...meta, currentPage: index + 1 } })),
  pageParams: sizes.map((_, index) => index + 1),
});
const row = (itemDistributorId: number, sortIndex: number | null): Row => ({ itemDistributorId, sortIndex });

describe('moving a row across loaded pages', () => {
  const data = pages([row(1, 1024), row(2, 2048)], [row(3, 3072), row(4, 4096)]);

  it('keeps each page its size', () => {
    const moved = moveInPages(data, 0, 2)!;
    expect(moved.pages.map((page) => page.data.map((r) => r.itemDistributorId))).toEqual([
      [2, 3],
      [1, 4],
    ]);
    expect(moved.pageParams).toEqual([1, 2]);
  });

  it('gives the moved row the index between its new neighbours', () => {
    expect(getPagedRows(moveInPages(data, 0, 2))[2]).toEqual(row(1, 3584));
    expect(getPagedRows(moveInPages(data, 3, 0))[0]).toEqual(row(4, 0));
    expect(getPagedRows(moveInPages(data, 0, 3))[3]).toEqual(row(1, 4096 + 1024));
  });

  it('keeps the index when the neighbours leave no room or are not indexed yet', () => {
    expect(getPagedRows(moveInPages(pages([row(1, 5), row(2, 6), row(3, 7)]), 0, 1))[1]).toEqual(row(1, 5));
    expect(getPagedRows(moveInPages(pages([row(1, 1024), row(2, null), row(3, null)]), 0, 1))[1]).toEqual(row(1, 1024));
  });

  it('leaves an empty cache alone', () => {
    expect(moveInPages(undefined, 0, 1)).toBeUndefined();
    expect(mapPagedRows(undefined, (rows: Row[]) => rows)).toBeUndefined();
  });
});
