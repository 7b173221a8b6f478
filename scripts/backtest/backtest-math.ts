/**
 * The arithmetic of the suggestion backtest: the use that actually happened over a span of days,
 * measured between the counts around it (the same spreading the model uses), and medians.
 */
import { daysBetween, listCountIntervals, type CountPoint, type ReceiptPoint } from '@stockpot/domain';

/** Use over [from, to) in hundredths, from the counts bracketing it; null when the counts do not cover it. */
export function measureActualUse(
  counts: readonly CountPoint[],
  receipts: readonly ReceiptPoint[],
  from: string,
  to: string,
): number | null {
  let used = 0;
  let covered = 0;
  for (const interval of listCountIntervals(counts, receipts)) {
    // Days of [from, to) inside the interval: its use is spread evenly over its days.
    const start = interval.from > from ? interval.from : from;
    const end = interval.to < to ? interval.to : to;
    const overlap = daysBetween(start, end);
    if (overlap <= 0) continue;
    used += (interval.used / interval.days) * overlap;
    covered += overlap;
  }
  return covered === daysBetween(from, to) ? used : null;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
