import type { Database } from '@stockpot/db';
import { parseCents, type OrderingDistributor } from '@stockpot/domain';
import { selectOrderingDistributors } from './distributors.repo';

/** GET distributors: the active location's distributors with their ordering fields (doc 1 §3). */
export async function listOrderingDistributors(db: Database, locationId: number): Promise<OrderingDistributor[]> {
  const rows = await selectOrderingDistributors(db, locationId);
  return rows.map((row) => ({
    id: row.id,
    nickname: row.nickname,
    minOrderAmount: parseCents(row.minOrderAmount),
    skipMinOrder: row.skipMinOrder,
    isMinOrderAmountRequired: row.isMinOrderAmountRequired,
    isDelivery: row.isDelivery === 1 ? 1 : 0,
    deliveryDates: row.deliveryDates ? row.deliveryDates.split(',') : [],
    acceptCC: row.acceptCC === 1 || row.acceptCC === 2 ? row.acceptCC : 0,
  }));
}
