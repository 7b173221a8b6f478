/**
 * The suggested order's delivery horizon (issue 37): the next orderable delivery dates of a
 * distributor, as checkout offers them (listOrderableDeliveryDates), but only the first few the model
 * reads (the next delivery and the one after) and with the location's today read once: the bench
 * found the time-zone reads of the full three-week list were half of a request's own CPU.
 */
import { getIsoWeekday } from '../checkout/checkout.rules';
import dayjs from 'dayjs';
import { getOrderCutoffInstant, getTodayInZone, type DeliverySchedule } from '../checkout/delivery-cutoff.rules';
import { addDaysToIsoDate } from '../orders/order-dates.rules';

/**
 * The first `count` dates of listOrderableDeliveryDates(now, schedule, timeZone, days), in order.
 * `today` is getTodayInZone(now, timeZone), passed in by a caller that asks for several schedules.
 */
export function listNextDeliveryDates(
  now: number,
  schedule: DeliverySchedule,
  timeZone: string,
  days: number,
  count: number,
  today = getTodayInZone(now, timeZone),
): string[] {
  const dates: string[] = [];
  if (schedule.deliveryWeekdays.length === 0 || count <= 0) return dates;
  const firstWeekday = getIsoWeekday(today);
  for (let offset = 0; offset < days && dates.length < count; offset += 1) {
    // Weekdays follow each other: no calendar read per day.
    if (!schedule.deliveryWeekdays.includes(((firstWeekday - 1 + offset) % 7) + 1)) continue;
    const date = addDaysToIsoDate(today, offset);
    // Without a cut-off every date from today is orderable (isDeliveryDateOrderable); with one, until it passes.
    const cutoff = getOrderCutoffInstant(date, schedule, timeZone);
    if (cutoff === null || now < cutoff) dates.push(date);
  }
  return dates;
}

/** The instant (epoch ms) the location's `today` (YYYY-MM-DD) ends: its next local midnight. */
export function getNextDayStartInZone(today: string, timeZone: string): number {
  return dayjs.tz(`${addDaysToIsoDate(today, 1)} 00:00`, 'YYYY-MM-DD HH:mm', timeZone).valueOf();
}

/**
 * Until when (epoch ms, exclusive) listNextDeliveryDates keeps answering `dates`, its answer at an
 * instant of `today`: the first date's cut-off (a later date's cut-off is later, and a date already
 * past its cut-off never comes back), or the next midnight (today, and the window, move on). What a
 * kept suggested order is valid until by the clock.
 */
export function getNextDeliveryDatesEnd(
  dates: readonly string[],
  schedule: DeliverySchedule,
  timeZone: string,
  today: string,
): number {
  const midnight = getNextDayStartInZone(today, timeZone);
  const cutoff = dates[0] === undefined ? null : getOrderCutoffInstant(dates[0], schedule, timeZone);
  return cutoff === null ? midnight : Math.min(cutoff, midnight);
}
