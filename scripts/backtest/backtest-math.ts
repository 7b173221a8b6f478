/**
 * The arithmetic of the suggestion backtest: the use that actually happened over a span of days,
 * measured between the counts around it (the same spreading the model uses), and medians.
 */
import { daysBetween, type CountPoint, type ReceiptPoint } from '@stockpot/domain';

/** Use over [from, to) in hundredths, from the counts bracketing it; null when the counts do not cover it. */
export function measureActualUse(
  counts: readonly CountPoint[],
  receipts: readonly ReceiptPoint[],
  from: string,
  to: string,
): number | null {
  const sorted = [...counts].sort((a, b) => a.date.localeCompare(b.date));
  let used = 0;
  let covered = 0;
  for (let i = 1; i < sorted.length; i += 1) {
    const before = sorted[i - 1];
    const after = sorted[i];
    const days = daysBetween(before.date, after.date);
    if (days <= 0) continue;
    const received = receipts.filter((r) => r.date > before.date && r.date <= after.date).reduce((s, r) => s + r.quantity, 0);
    const perDay = Math.max(0, before.onHand + received - after.onHand) / days;
    // Days of [from, to) inside [before, after): the interval's use is spread evenly over its days.
    const start = before.date > from ? before.date : from;
    const end = after.date < to ? after.date : to;
    const overlap = daysBetween(start, end);
    if (overlap <= 0) continue;
    used += perDay * overlap;
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
