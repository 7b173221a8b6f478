/** A cart line as the client reads it: its catalogue item from the list's projection, or its special request. */
import type { z } from 'zod';
import type { CartLine, cartLineItemSchema } from '@stockpot/domain';
import { getEffectivePrice } from '../../platform/item-price';
import { toListItem, type ItemRow, type LocationContext } from '../catalog/catalog.public';
import type { CartLineRow } from './cart.repo';

type CartLineItem = z.infer<typeof cartLineItemSchema>;

/** The item of a cart line: list fields, at the price the location pays today (the effective price). */
function toCartLineItem(row: ItemRow, ctx: LocationContext): CartLineItem {
  const item = toListItem(row, ctx);
  return {
    price: getEffectivePrice(row),
    brand: item.brand,
    brandImageUrl: item.brandImageUrl,
    imageUrl: item.imageUrl,
    name: item.name,
    packSize: item.packSize,
    packSizeUom: item.packSizeUom,
    status: item.status,
    type: item.type,
    unitPrice: item.unitPrice,
    distributorId: item.distributorId,
    unitMeasure: item.unitMeasure,
    description: item.description,
    distributor: item.distributor,
    isPriceOutdated: item.isPriceOutdated,
    isMarketPrice: item.isMarketPrice,
    active: item.status === 'active',
    din: item.din,
    isPunchedOut: item.isPunchedOut,
    belongsToGroup: item.belongsToGroup,
    rebate: item.rebate,
    isPartner: item.isPartner,
    isPurchased: item.isPurchased,
    lastPurchasedDate: item.lastPurchasedDate,
    lastPurchasedQty: item.lastPurchasedQty,
    isUnpurchasable: item.isUnpurchasable,
    isCatchWeight: item.isCatchWeight,
    isFixedWeight: item.isFixedWeight,
    averageWeight: item.averageWeight,
  };
}

export function toCartLine(line: CartLineRow, row: ItemRow | undefined, ctx: LocationContext): CartLine {
  const isSpecial = line.itemDistributorId === null;
  return {
    id: line.id,
    quantity: line.quantity,
    itemDistributorId: line.itemDistributorId,
    searchText: line.searchText,
    swapAcceptId: line.swapAcceptId,
    savings: row && ctx.displayMatch ? row.bestSavings : 0,
    // Par levels and on-hand counts come with the inventory area (doc 2).
    parLevel: null,
    onHand: null,
    specialItem: isSpecial
      ? {
          distributorId: line.specialDistributorId ?? 0,
          din: line.specialDin ?? '',
          packSize: line.specialPackSize ?? '',
          uom: line.specialUom ?? '',
          description: line.specialDescription ?? '',
          distributorName: line.specialDistributorName ?? '',
        }
      : null,
    item: row ? toCartLineItem(row, ctx) : null,
  };
}
