/**
 * Calendar dates of a location (GLOSSARY "Money and time": "today", delivery dates and report
 * periods are in the location's time zone). Dates travel as 'YYYY-MM-DD'.
 */
import { formatIsoDate, getIsoDateInTimeZone } from '../common/date-format.rules';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a real 'YYYY-MM-DD' calendar date. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An instant as MM/DD/YYYY on the location's calendar (doc 3 §3 "createTimeDisplay"). */
export function formatInstantMdy(instant: Date, timeZone: string): string {
  return formatIsoDate(getIsoDateInTimeZone(instant, timeZone), 'MM/DD/YYYY');
}

/** An instant's time of day on the location's clock ("3:42 PM"). */
export function formatInstantTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(instant);
}

/** The location's today, 'YYYY-MM-DD', for an instant (delivery dates, purchase dates). */
export function getLocationToday(instant: Date, timeZone: string): string {
  return getIsoDateInTimeZone(instant, timeZone);
}

/** 'YYYY-MM-DD' as MM/DD/YYYY; '' for anything else (doc 1 §2 "Order dates show as MM/DD/YYYY"). */
export function formatIsoDateMdy(date: string | null): string {
  return formatIsoDate(date, 'MM/DD/YYYY');
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDaysToIsoDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
