/**
 * Time-zone arithmetic of the delivery rules, remembered: dayjs' time-zone plugin formats through
 * Intl on every call (about 10 µs), and GET distributors asked it some six times per distributor
 * (issue 38: 2.2 ms of Node an answer for 20). Each answer here depends only on its arguments, or,
 * for today, on which local day `now` falls in: a day's bounds are worked out once and checked.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const MAX_ENTRIES = 2_000;

function remember<T>(memo: Map<string, T>, key: string, compute: () => T): T {
  const known = memo.get(key);
  if (known !== undefined) return known;
  const value = compute();
  if (memo.size >= MAX_ENTRIES) memo.clear();
  memo.set(key, value);
  return value;
}

const localDateOf = (instant: number, timeZone: string): string => dayjs(instant).tz(timeZone).format('YYYY-MM-DD');

/** The instant of a local date and time, 'YYYY-MM-DD' 'HH:mm' (a time in a spring-forward gap moves forward with the clocks). */
const localInstants = new Map<string, number>();
export function getLocalInstant(date: string, time: string, timeZone: string): number {
  return remember(localInstants, `${date} ${time} ${timeZone}`, () =>
    dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', timeZone).valueOf(),
  );
}

/** An instant as the zone's clock shows it, in a dayjs format ('h:mm A dddd'). */
const formattedInstants = new Map<string, string>();
export function formatInZone(instant: number, timeZone: string, format: string): string {
  return remember(formattedInstants, `${instant} ${timeZone} ${format}`, () => dayjs(instant).tz(timeZone).format(format));
}

interface LocalDay {
  date: string;
  /** [from, until): the instants known to fall on `date` in the zone. */
  from: number;
  until: number;
}

/** A calendar date `days` later (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The local day around `instant`, with bounds checked against the zone itself (a midnight that a
 * clock change skips or repeats can make dayjs' guess of a bound wrong): null when they do not hold.
 */
function findLocalDay(instant: number, timeZone: string): LocalDay | null {
  const date = localDateOf(instant, timeZone);
  const from = dayjs.tz(`${date} 00:00`, 'YYYY-MM-DD HH:mm', timeZone).valueOf();
  const until = dayjs.tz(`${addDays(date, 1)} 00:00`, 'YYYY-MM-DD HH:mm', timeZone).valueOf();
  const holds =
    from <= instant &&
    instant < until &&
    localDateOf(from, timeZone) === date &&
    localDateOf(until - 1, timeZone) === date &&
    localDateOf(until, timeZone) !== date;
  return holds ? { date, from, until } : null;
}

const localDays = new Map<string, LocalDay>();

/** The zone's calendar date (YYYY-MM-DD) at the instant `now` (epoch ms). */
export function getLocalDate(now: number, timeZone: string): string {
  const known = localDays.get(timeZone);
  if (known && known.from <= now && now < known.until) return known.date;
  const day = findLocalDay(now, timeZone);
  if (!day) return localDateOf(now, timeZone);
  if (localDays.size >= MAX_ENTRIES) localDays.clear();
  localDays.set(timeZone, day);
  return day.date;
}
