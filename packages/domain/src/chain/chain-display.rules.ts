/**
 * How much of a chain the page shows at once. A restaurant group of 200 locations (the chain-scale
 * data set) drew 12,000 elements on /chain — every location a row, a bar and a stock column, every
 * matched offer a line — and blocked a desktop's main thread for half a second (docs/performance.md).
 */

/** Locations a page of the per-location table (and its chart) shows; the Group total adds up all. */
export const CHAIN_LOCATIONS_PAGE_SIZE = 25;
/** Location columns the stock table shows at a time; its Total on hand adds up every location. */
export const CHAIN_STOCK_LOCATION_COLUMNS = 6;
/** A price variance row's other offers listed before "Show N more offers". */
export const CHAIN_VARIANCE_OTHER_OFFERS_SHOWN = 2;

export interface Page<T> {
  rows: T[];
  /** The page shown, 1-based: the one asked for, within 1 and the last. */
  page: number;
  pageCount: number;
  /** Positions of the first and last row shown, 1-based (0 and 0 when there are none). */
  first: number;
  last: number;
}

/** One page of `size` rows (a page past the end shows the last, so a shrinking list never shows nothing). */
export function pageOf<T>(rows: readonly T[], page: number, size: number): Page<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const shown = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const start = (shown - 1) * size;
  const slice = rows.slice(start, start + size);
  return { rows: slice, page: shown, pageCount, first: slice.length ? start + 1 : 0, last: start + slice.length };
}
