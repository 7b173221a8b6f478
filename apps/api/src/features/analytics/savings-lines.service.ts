import {
  getOrderedSwapSavings,
  getUnitPricePair,
  parseCents,
  sumCents,
  toPageMeta,
  type AnalyticsSavingsLine,
  type AnalyticsSavingsLinesQuery,
  type AnalyticsSavingsLinesResponse,
  type SavingsType,
} from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { resolveRange } from './analytics.service';
import * as repo from './savings-lines.repo';
import type { Range } from './analytics.repo';

const PRICE_KIND: Record<repo.PriceLineRow['kind'], SavingsType> = {
  distributor: 'distributorSavings',
  inventory_view: 'inventoryViewSavings',
};

function toPriceLine(row: repo.PriceLineRow): AnalyticsSavingsLine {
  const pair = getUnitPricePair(
    { priceCents: parseCents(row.price), unitMeasure: row.unit_measure, packSize: row.pack_size },
    { priceCents: parseCents(row.alt_price), unitMeasure: row.alt_unit_measure, packSize: row.alt_pack_size },
  );
  return {
    type: PRICE_KIND[row.kind],
    orderId: row.order_id,
    orderDate: row.order_day,
    distributor: row.distributor,
    itemDistributorId: row.item_distributor_id,
    name: row.name,
    packSize: row.pack_size,
    quantity: row.quantity,
    unit: pair?.unit ?? null,
    paidUnitPrice: pair?.unitPrice ?? null,
    comparedUnitPrice: pair?.otherUnitPrice ?? null,
    comparedItemDistributorId: row.alt_item_distributor_id,
    comparedName: row.alt_name,
    comparedDistributor: row.alt_distributor,
    comparedPackSize: row.alt_pack_size,
    saving: parseCents(row.saving),
  };
}

const noComparison = {
  unit: null,
  paidUnitPrice: null,
  comparedUnitPrice: null,
  comparedItemDistributorId: null,
  comparedName: null,
  comparedDistributor: null,
  comparedPackSize: null,
};

/** The lines of a type; 'distributorSavings' and 'inventoryViewSavings' come together (one read). */
async function listLinesOfType(db: Database, range: Range, type: SavingsType): Promise<AnalyticsSavingsLine[]> {
  if (type === 'rebateSavings') {
    return (await repo.listRebateLines(db, range)).map((row) => ({
      type,
      orderId: row.order_id,
      orderDate: row.order_day,
      distributor: row.distributor,
      itemDistributorId: null,
      name: `Rebates of order #${row.order_id}`,
      packSize: '',
      quantity: null,
      ...noComparison,
      saving: parseCents(row.rebates),
    }));
  }
  if (type === 'matchSavings') {
    return (await repo.listMatchLines(db, range)).map((row) => ({
      type,
      orderId: row.order_id,
      orderDate: row.order_day,
      distributor: row.distributor,
      itemDistributorId: row.new_item_distributor_id,
      name: row.name,
      packSize: row.pack_size,
      quantity: row.quantity,
      ...noComparison,
      comparedItemDistributorId: row.old_item_distributor_id,
      comparedName: row.old_name,
      comparedDistributor: row.old_distributor,
      comparedPackSize: row.old_pack_size,
      saving: getOrderedSwapSavings(parseCents(row.savings_per_case), row.quantity, row.old_pack_size, row.pack_size),
    }));
  }
  return (await repo.listPriceSavingsLines(db, range)).map(toPriceLine);
}

/**
 * GET analytics/savings-lines: the lines a savings figure of GET analytics adds up (issue 32), the
 * biggest saving first, with the sum of all of them as `total` — the figure GET analytics shows for
 * the same filter and type. The range's lines are read whole (a location's year is a few thousand)
 * and paged here, as they come from three sources.
 */
export async function listSavingsLines(
  db: Database,
  locationId: number,
  query: AnalyticsSavingsLinesQuery,
): Promise<AnalyticsSavingsLinesResponse> {
  const range = await resolveRange(db, locationId, query, { refreshAggregate: true });
  const types: SavingsType[] = query.type
    ? [query.type]
    : ['matchSavings', 'distributorSavings', 'rebateSavings', 'inventoryViewSavings'];
  const lines: AnalyticsSavingsLine[] = [];
  for (const type of types) {
    if (type === 'inventoryViewSavings' && types.includes('distributorSavings')) continue;
    const read = await listLinesOfType(db, range, type === 'inventoryViewSavings' ? 'distributorSavings' : type);
    lines.push(...read.filter((line) => types.includes(line.type)));
  }
  lines.sort((a, b) => b.saving - a.saving || b.orderDate.localeCompare(a.orderDate) || a.name.localeCompare(b.name));
  const start = (query.page - 1) * query.limit;
  return {
    data: lines.slice(start, start + query.limit),
    _meta: toPageMeta(lines.length, query.page, query.limit),
    total: sumCents(lines.map((line) => line.saving)),
  };
}
