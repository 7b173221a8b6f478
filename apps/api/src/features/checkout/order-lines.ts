/**
 * The submitted lines as order lines: checked against the location's cart, priced for today, and
 * turned into the order's item rows.
 */
import { type Database } from '@stockpot/db';
import {
  getBlockedAddReason,
  getBlockedLineMessage,
  getOrderTotals,
  ORDER_MESSAGES,
  parseCents,
  toDecimalString,
  type OrderLineEntry,
  getUnitPrice,
} from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { getEffectivePrice } from '../../platform/item-price';
import { loadCartLines, type CartLineRow } from '../../platform/cart/cart-lines.repo';
import * as repo from './checkout.repo';

/** A cart line on its way into the order, priced for today. */
export interface OrderLine {
  row: CartLineRow;
  quantity: number;
  isSpecial: boolean;
  isMarketPrice: boolean;
  /** Cents per unit of sale (a case, or a pound for catch weight); 0 for special requests. */
  price: number;
  rebate: number;
  unitMeasure: string;
  isCatchWeight: boolean;
  averageWeight: string | null;
}

/**
 * The submitted lines as they stand in the location's cart: each must be a line of this location's
 * cart (404 otherwise), of the chosen distributor, orderable online, and at the quantity reviewed.
 */
export async function resolveOrderLines(
  db: Database,
  locationId: number,
  distributorId: number,
  entries: OrderLineEntry[],
  today: string,
  forUpdate: boolean,
): Promise<OrderLine[]> {
  const ids = entries.filter((e) => e.shoppingCartId != null).map((e) => e.shoppingCartId as number);
  const itemIds = entries.filter((e) => e.shoppingCartId == null).map((e) => e.itemDistributorId as number);
  const rows = await loadCartLines(db, locationId, { ids, itemDistributorIds: itemIds, forUpdate, today });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const byItem = new Map(
    rows.filter((row) => row.itemDistributorId !== null).map((row) => [row.itemDistributorId as number, row]),
  );
  const seen = new Set<number>();
  return entries.map((entry) => {
    const row = entry.shoppingCartId != null ? byId.get(entry.shoppingCartId) : byItem.get(entry.itemDistributorId as number);
    if (
      !row ||
      (entry.shoppingCartId != null && entry.itemDistributorId != null && row.itemDistributorId !== entry.itemDistributorId)
    ) {
      throw notFound('Cart item');
    }
    if (seen.has(row.id)) throw badRequest(ORDER_MESSAGES.duplicateLine, 'duplicate_line');
    seen.add(row.id);
    if (row.distributorId !== distributorId) throw badRequest(ORDER_MESSAGES.otherDistributor, 'other_distributor');
    const isSpecial = row.itemDistributorId === null;
    if (!isSpecial) {
      const blocked = getBlockedAddReason(
        {
          isUnpurchasable: row.isUnpurchasable ?? false,
          status: row.status ?? 'inactive',
          isPunchedOut: row.isPunchedOut ?? false,
        },
        false,
      );
      if (blocked)
        throw badRequest(getBlockedLineMessage(blocked, row.name ?? row.description ?? 'This item'), 'item_not_orderable');
    }
    if (entry.quantity !== row.quantity) throw badRequest(ORDER_MESSAGES.cartChanged, 'cart_changed');
    return {
      row,
      quantity: entry.quantity,
      isSpecial,
      isMarketPrice: !isSpecial && (row.isMarketPrice ?? false),
      price: isSpecial ? 0 : getEffectivePrice(row),
      rebate: isSpecial || row.rebate === null ? 0 : parseCents(row.rebate),
      unitMeasure: row.unitMeasure ?? 'CS',
      isCatchWeight: row.isCatchWeight ?? false,
      averageWeight: row.averageWeight,
    };
  });
}

export const computeTotals = (lines: OrderLine[]) => getOrderTotals(lines);

/** Unit price of a line (ten-thousandths of a dollar per pack unit), by the one unit-price rule (getUnitPrice). */
function getUnitPriceE4(line: OrderLine): number | null {
  const { row } = line;
  if (line.isSpecial || row.unitMeasure === null) return null;
  return getUnitPrice(line.price, row.unitMeasure, row.packSize ?? '').unitPrice;
}

export function toOrderItemRow(orderId: number, locationId: number, line: OrderLine): repo.NewOrderItem {
  const { row } = line;
  const unitPrice = getUnitPriceE4(line);
  return {
    orderId,
    locationId,
    itemDistributorId: row.itemDistributorId,
    isSpecial: line.isSpecial,
    description: line.isSpecial ? (row.specialDescription ?? '') : (row.name ?? row.description ?? ''),
    din: row.din ?? '',
    brand: row.brand ?? '',
    packSize: row.packSize ?? '',
    unitMeasure: line.isSpecial ? (row.specialUom ?? '') : (row.unitMeasure ?? 'CS'),
    quantity: line.quantity,
    // A market price is set on delivery: the line has none until receiving prices it (issue 32).
    price: toDecimalString(line.isMarketPrice ? 0 : line.price, 2),
    isMarketPrice: line.isMarketPrice,
    rebate: toDecimalString(line.rebate, 2),
    unitPrice: unitPrice === null ? null : toDecimalString(unitPrice, 4),
    unitQuantity: row.unitQuantity,
    unitSize: row.unitSize,
    packSizeUom: row.packSizeUom ?? '',
    isCatchWeight: row.isCatchWeight ?? false,
    averageWeight: line.isCatchWeight ? line.averageWeight : null,
    imageUrl: row.imageUrl ?? '',
  };
}
