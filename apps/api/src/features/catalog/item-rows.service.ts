/**
 * The catalogue's item read model for every area: the location's context (bringing its read model
 * up to date first) and a projected item row as the list contract has it.
 */
import { getUnitPrice, parseCents, type ListItem } from '@stockpot/domain';
import { getEffectivePrice } from '../../platform/item-price';
import type { ItemRow, LocationContext } from './item-rows.repo';

export { getLocationContext } from '../../platform/location-context';

/**
 * A projected row as the list contract has it. Match and savings fields are shown only where the
 * location displays matches (display_match), the rebate only where it displays rebates.
 */
export function toListItem(row: ItemRow, ctx: LocationContext): ListItem {
  const purchasedPrice = row.purchasedPrice === null ? null : parseCents(row.purchasedPrice);
  const hasInvoice = purchasedPrice !== null && row.invoiceDate !== null;
  const hasMatch = ctx.displayMatch && row.matchId !== null;
  const savings = ctx.displayMatch ? row.bestSavings : 0;
  return {
    id: row.itemDistributorId,
    itemDistributorId: row.itemDistributorId,
    itemId: row.itemId,
    // Generic groups belong to the inventory view (doc 2); no item is in one yet.
    genericItemId: null,
    merchantId: row.merchantId,
    name: row.name,
    description: row.description,
    customDescription: null,
    din: row.din,
    brand: row.brand,
    distributor: row.distributor,
    distributorId: row.distributorId,
    imageUrl: row.imageUrl,
    brandImageUrl: row.brandImageUrl,
    unitMeasure: row.unitMeasure,
    price: parseCents(row.price),
    purchasedPrice,
    // The unit-price rule on the price the buyer pays (getUnitPrice), not the guide's stored figure.
    unitPrice: getUnitPrice(getEffectivePrice(row), row.unitMeasure, row.packSize).unitPrice,
    unitQuantity: row.unitQuantity,
    unitSize: row.unitSize,
    unitType: row.unitMeasure,
    uom: row.uom,
    packSize: row.packSize,
    customPackSize: null,
    packSizeUom: row.packSizeUom,
    rebate: ctx.displayRebate ? parseCents(row.rebate) : 0,
    savings,
    showSavings: savings > 0,
    savingItems: ctx.displayMatch ? row.savingItems : 0,
    sortIndex: row.sortIndex,
    status: row.status,
    type: 'item',
    lastPurchasedDate: row.lastPurchasedDate,
    lastPurchasedQty: row.lastPurchasedQty,
    lastPurchasedPrice: row.lastPurchasedPrice === null ? null : parseCents(row.lastPurchasedPrice),
    matchId: hasMatch ? row.matchId : null,
    matchType: hasMatch ? (row.matchIsExact ? 'ExactMatch' : 'SavingsOption') : null,
    orderGuideId: row.orderGuideId,
    endDate: row.endDate,
    invoiceDate: row.invoiceDate,
    caseQuantity: row.cartQuantity,
    count: 0,
    averageWeight: row.averageWeight,
    notes: '',
    isCatchWeight: row.isCatchWeight,
    isFixedWeight: row.isFixedWeight,
    isPunchedOut: row.isPunchedOut,
    isPurchased: row.purchasedQuantity > 0,
    isMarketPrice: row.isMarketPrice,
    isPartner: row.isPartner,
    isPriceOutdated: row.isPriceOutdated,
    isUnpurchasable: row.isUnpurchasable,
    isElectronicInvoiceItem: hasInvoice,
    isFromInvoice: hasInvoice,
    isSubRecipe: false,
    isCustomItem: false,
    isPreferred: false,
    autoAdded: false,
    isOnOrderGuide: row.orderGuideId !== null && !row.isPunchedOut,
    subRecipeId: null,
    genericCustomItemId: null,
    belongsToGroup: row.belongsToGroup,
    isExactSearchMatch: row.isExactSearchMatch,
  };
}
