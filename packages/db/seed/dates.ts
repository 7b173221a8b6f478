/** Calendar dates as 'YYYY-MM-DD' strings; the seed never needs times of day beyond a fixed hour. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Checks a 'YYYY-MM-DD' string and that it is a real calendar date. */
export function assertIsoDate(value: string, label = 'date'): void {
  const match = ISO_DATE.exec(value);
  const parsed = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!parsed || parsed.toISOString().slice(0, 10) !== value) {
    throw new Error(`Invalid ${label} "${value}": expected YYYY-MM-DD`);
  }
}

/** Today's calendar date in a time zone (the demo locations are all in America/New_York). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  assertIsoDate(date);
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A fixed instant on a calendar date (14:00 UTC, i.e. morning in New York), for created_at columns. */
export function instantOn(date: string): Date {
  assertIsoDate(date);
  return new Date(`${date}T14:00:00.000Z`);
}
