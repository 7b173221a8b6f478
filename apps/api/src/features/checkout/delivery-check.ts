import {
  formatIsoDateMdy,
  getCutoffPassedMessage,
  getDeliveryDateProblem,
  getDeliveryTimeProblem,
  getLocationToday,
  getNotADeliveryDayMessage,
  isDeliveryDateOrderable,
  ORDER_MESSAGES,
  type OrderSubmit,
} from '@stockpot/domain';
import { badRequest } from '../../platform/errors';
import type { AccountRow } from './checkout.repo';

function parseWeekdays(text: string): number[] {
  return text ? text.split(',').map(Number) : [];
}

/** The requested delivery date and time checked against the account's days, cut-off and slots (doc 1 §5, issue 31). */
export function checkDelivery(
  account: AccountRow,
  body: OrderSubmit,
  now: Date,
  timeZone: string,
): { date: string; time: string } {
  const today = getLocationToday(now, timeZone);
  const date = (body.requestedDeliveryDate ?? '').trim();
  const time = (body.requestedDeliveryTime ?? '').trim();
  const schedule = {
    deliveryWeekdays: parseWeekdays(account.deliveryWeekdays),
    orderCutoffTime: account.orderCutoffTime,
    orderCutoffDaysBefore: account.orderCutoffDaysBefore,
  };
  const dateProblem = getDeliveryDateProblem(date, today, schedule.deliveryWeekdays);
  if (dateProblem) {
    const messages = {
      required: ORDER_MESSAGES.deliveryDateRequired,
      invalid: ORDER_MESSAGES.deliveryDateInvalid,
      past: ORDER_MESSAGES.deliveryDatePast,
      'too-far': ORDER_MESSAGES.deliveryDateTooFar,
      'not-a-delivery-day': getNotADeliveryDayMessage(account.distributor, formatIsoDateMdy(date)),
    } as const;
    throw badRequest(messages[dateProblem], 'invalid_delivery_date', [
      { field: 'requestedDeliveryDate', message: messages[dateProblem] },
    ]);
  }
  // Issue 31: a date whose order cut-off has passed (in the location's time zone) is not offered, nor accepted.
  if (!isDeliveryDateOrderable(now.getTime(), date, schedule, timeZone)) {
    const message = getCutoffPassedMessage(account.distributor, date, schedule, timeZone);
    throw badRequest(message, 'invalid_delivery_date', [{ field: 'requestedDeliveryDate', message }]);
  }
  const timeProblem = getDeliveryTimeProblem(account.distributorId, date, today, account.isDelivery, time);
  if (timeProblem) {
    const message = timeProblem === 'required' ? ORDER_MESSAGES.deliveryTimeRequired : ORDER_MESSAGES.deliveryTimeNotOffered;
    throw badRequest(message, 'invalid_delivery_time', [{ field: 'requestedDeliveryTime', message }]);
  }
  return { date, time };
}
