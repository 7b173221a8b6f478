import { cachedDateTimeFormat } from './date-time-format';

/** Date shapes the spec shows (doc 1 §9 "Dates: MM/DD/YYYY, MM/DD/YY or MM-DD-YYYY"). */
export type DatePattern = 'MM/DD/YYYY' | 'MM/DD/YY' | 'MM-DD-YYYY';

const ISO_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Formats the calendar date of an ISO date or timestamp ("2025-03-04", "2025-03-04T10:00:00Z") in a
 * pattern of doc 1 §9, reading the date as written (no time-zone shift); '' when it is not a date.
 */
export function formatIsoDate(value: string | null | undefined, pattern: DatePattern = 'MM/DD/YYYY'): string {
  const match = value ? ISO_PREFIX.exec(value) : null;
  if (!match) return '';
  const [, year, month, day] = match;
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return '';
  if (pattern === 'MM-DD-YYYY') return `${month}-${day}-${year}`;
  if (pattern === 'MM/DD/YY') return `${month}/${day}/${year.slice(2)}`;
  return `${month}/${day}/${year}`;
}

/** The date (YYYY-MM-DD) an instant falls on in a time zone: "today" for a location (GLOSSARY "Money and time"). */
export function getIsoDateInTimeZone(instant: Date, timeZone: string): string {
  const format = (zone: string) =>
    cachedDateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  try {
    return format(timeZone);
  } catch {
    // An unknown zone name falls back to the default zone of doc 1 §9.
    return format('America/New_York');
  }
}
