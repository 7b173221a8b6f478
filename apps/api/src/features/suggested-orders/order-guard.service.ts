/**
 * GET suggested-orders/guard (issue 37, "a sanity guard on review order"): flags each of a
 * distributor's cart lines that is under half or over twice its suggestion (as if the cart were
 * empty) or, without one, its usual quantity, and a second order for the same delivery date. It
 * only warns; the buyer confirms and goes on.
 */
import type { Database } from '@stockpot/db';
import {
  formatIsoDateMdy,
  getOrderGuardFlags,
  getUsualQuantity,
  listOrderableDeliveryDates,
  summariseSuggestionChoices,
  type OrderGuardResponse,
} from '@stockpot/domain';
import { getLocationContext } from '../catalog/catalog.public';
import { notFound } from '../../platform/errors';
import * as guardRepo from './order-guard.repo';
import { selectDistributorTerms, type DistributorTermsRow } from './suggested-orders.repo';
import { getSuggestions } from './suggested-orders.service';

async function nextDeliveryDate(db: Database, locationId: number, account: DistributorTermsRow): Promise<string | null> {
  const ctx = await getLocationContext(db, locationId);
  return listOrderableDeliveryDates(Date.now(), account, ctx.timezone, 21)[0] ?? null;
}

export async function getOrderGuard(
  db: Database,
  locationId: number,
  query: { distributorId: number; deliveryDate?: string },
): Promise<OrderGuardResponse> {
  const account = (await selectDistributorTerms(db, locationId)).find((a) => a.distributorId === query.distributorId);
  if (!account) throw notFound('Distributor');
  const lines = await guardRepo.selectDistributorCartLines(db, locationId, query.distributorId);
  const { data } = await getSuggestions(db, locationId, Date.now(), { ignoreCart: true });
  const suggested = new Map<number, number>();
  for (const line of data.find((o) => o.distributorId === query.distributorId)?.lines ?? []) {
    suggested.set(line.itemDistributorId, (suggested.get(line.itemDistributorId) ?? 0) + line.cases);
  }
  const ids = lines.map((l) => l.itemDistributorId);
  const recent = new Map<number, number[]>();
  for (const row of await guardRepo.selectRecentQuantities(db, locationId, ids)) {
    recent.set(row.itemDistributorId, [...(recent.get(row.itemDistributorId) ?? []), row.quantity]);
  }
  // Review order comes before the date is chosen: the next delivery the suggestion plans for stands in.
  const order = data.find((o) => o.distributorId === query.distributorId);
  const deliveryDate = query.deliveryDate ?? order?.nextDeliveryDate ?? (await nextDeliveryDate(db, locationId, account));
  const isRepeat = deliveryDate !== null && (await guardRepo.hasOrderForDate(db, locationId, query.distributorId, deliveryDate));
  const flags = getOrderGuardFlags(
    lines.map((line) => ({
      itemDistributorId: line.itemDistributorId,
      name: line.name,
      quantity: line.quantity,
      suggested: suggested.get(line.itemDistributorId) ?? null,
      usual: getUsualQuantity(recent.get(line.itemDistributorId) ?? []),
    })),
    isRepeat ? { distributor: account.distributor, deliveryDate: formatIsoDateMdy(deliveryDate) } : null,
  );
  return { flags };
}

/** GET suggested-orders/report: per group, how often suggestions were taken and how far off (issue 37). */
export async function getSuggestionReport(db: Database, locationId: number) {
  return summariseSuggestionChoices(await guardRepo.selectChoices(db, locationId));
}
