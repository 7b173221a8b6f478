import type { Database } from '@stockpot/db';
import { getDeliveryCutoffNote, listOrderableDeliveryDates, parseCents, type OrderingDistributor } from '@stockpot/domain';
import { notFound } from '../../platform/errors';
import { DELIVERY_DATE_WINDOW_DAYS, selectOrderingDistributors, type OrderingDistributorRow } from './distributors.repo';

/**
 * GET distributors/{id}?timezone=…: one distributor of the active location; its delivery dates
 * start from today in the time zone given (the location's when absent). Another location's is a 404.
 */
export async function getOrderingDistributor(
  db: Database,
  locationId: number,
  distributorId: number,
  timezone: string | undefined,
): Promise<OrderingDistributor> {
  const [row] = await selectOrderingDistributors(db, locationId, { distributorId, timezone });
  if (!row) throw notFound('Distributor');
  return toOrderingDistributor(row);
}

/** Delivery dates follow the account's weekdays and cut-off in the time zone (issue 31): a date past its cut-off is left out. */
export function toOrderingDistributor(row: OrderingDistributorRow): OrderingDistributor {
  const now = Date.now();
  return {
    id: row.id,
    nickname: row.nickname,
    minOrderAmount: parseCents(row.minOrderAmount),
    skipMinOrder: row.skipMinOrder,
    isMinOrderAmountRequired: row.isMinOrderAmountRequired,
    isDelivery: row.isDelivery === 1 ? 1 : 0,
    deliveryDates: listOrderableDeliveryDates(now, row, row.timezone, DELIVERY_DATE_WINDOW_DAYS),
    orderCutoffNote: getDeliveryCutoffNote(now, row, row.timezone, DELIVERY_DATE_WINDOW_DAYS),
    acceptCC: row.acceptCC === 1 || row.acceptCC === 2 ? row.acceptCC : 0,
  };
}
