import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { getIsoWeekday } from './checkout.rules';
import { addDays, formatInZone, getLocalDate, getLocalInstant } from './zone-clock';

dayjs.extend(utc);

/** The part of a location's ordering terms that decides which delivery dates can still be ordered. */
export interface DeliverySchedule {
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  deliveryWeekdays: readonly number[];
  /** 'HH:MM' in the location's time zone; null: no cut-off (the delivery day itself still counts). */
  orderCutoffTime: string | null;
  orderCutoffDaysBefore: number;
}

/** The location's today (YYYY-MM-DD) at the instant `now` (epoch ms). */
export function getTodayInZone(now: number, timeZone: string): string {
  return getLocalDate(now, timeZone);
}

/**
 * The instant (epoch ms) after which an order can no longer be placed for delivery on `date`: the
 * cut-off time of day, `orderCutoffDaysBefore` days earlier, in the location's time zone (issue 31).
 * A cut-off time that does not exist that day (a spring-forward gap) moves forward with the clocks.
 * Null when there is no cut-off.
 */
export function getOrderCutoffInstant(date: string, schedule: DeliverySchedule, timeZone: string): number | null {
  if (!schedule.orderCutoffTime) return null;
  const day = addDays(date, -schedule.orderCutoffDaysBefore);
  return getLocalInstant(day, schedule.orderCutoffTime, timeZone);
}

/**
 * Whether delivery on `date` can still be ordered at `now`: without a cut-off, any date from the
 * location's today; with one, only while its cut-off has not passed.
 */
export function isDeliveryDateOrderable(now: number, date: string, schedule: DeliverySchedule, timeZone: string): boolean {
  const cutoff = getOrderCutoffInstant(date, schedule, timeZone);
  return cutoff === null ? date >= getTodayInZone(now, timeZone) : now < cutoff;
}

/** The delivery dates offered at checkout (issue 31): delivery weekdays from today for `days` days whose cut-off has not passed. */
export function listOrderableDeliveryDates(now: number, schedule: DeliverySchedule, timeZone: string, days: number): string[] {
  const today = getTodayInZone(now, timeZone);
  const dates: string[] = [];
  // A later date's cut-off is later (same clock time, a later day; a skipped hour moves it forward),
  // so once one date is orderable every later one is: the time zone is asked about the first only.
  let isOpen = false;
  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(today, offset);
    if (!schedule.deliveryWeekdays.includes(getIsoWeekday(date))) continue;
    isOpen ||= isDeliveryDateOrderable(now, date, schedule, timeZone);
    if (isOpen) dates.push(date);
  }
  return dates;
}

/** "Order by 2:00 PM Tuesday for Wednesday delivery"; null without a cut-off. */
export function getOrderByText(date: string, schedule: DeliverySchedule, timeZone: string): string | null {
  const cutoff = getOrderCutoffInstant(date, schedule, timeZone);
  if (cutoff === null) return null;
  const orderBy = formatInZone(cutoff, timeZone, 'h:mm A dddd');
  return `Order by ${orderBy} for ${dayjs(`${date}T12:00:00Z`).utc().format('dddd')} delivery`;
}

/**
 * What checkout says about the cut-off: why a nearer delivery day is missing ("Too late for Tuesday
 * delivery: the cut-off was 2:00 PM Monday.") and when to order for the first date offered.
 */
export function getDeliveryCutoffNote(now: number, schedule: DeliverySchedule, timeZone: string, days: number): string | null {
  if (!schedule.orderCutoffTime) return null;
  const today = getTodayInZone(now, timeZone);
  const parts: string[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(today, offset);
    if (!schedule.deliveryWeekdays.includes(getIsoWeekday(date))) continue;
    if (isDeliveryDateOrderable(now, date, schedule, timeZone)) {
      parts.push(`${getOrderByText(date, schedule, timeZone)}.`);
      break;
    }
    if (parts.length === 0) {
      const cutoff = formatInZone(getOrderCutoffInstant(date, schedule, timeZone)!, timeZone, 'h:mm A dddd');
      parts.push(`Too late for ${dayjs(`${date}T12:00:00Z`).utc().format('dddd')} delivery: the cut-off was ${cutoff}.`);
    }
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

/** The refusal of a submit whose delivery date's cut-off has passed (issue 31). */
export function getCutoffPassedMessage(distributor: string, date: string, schedule: DeliverySchedule, timeZone: string): string {
  const [y, m, d] = date.split('-');
  const orderBy = formatInZone(getOrderCutoffInstant(date, schedule, timeZone) ?? 0, timeZone, 'h:mm A dddd');
  return `The order cut-off for ${distributor} delivery on ${m}/${d}/${y} has passed (it was ${orderBy}). Please choose another delivery date.`;
}
