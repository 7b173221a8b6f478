import type { CartLine, ListItem, OrderingDistributor } from '@stockpot/domain';
import { jsonResponse } from './fetch-mock';

/** A list item as GET items returns it: an active order-guide item at $12.50 a case. */
export function makeListItem(overrides: Partial<ListItem> = {}): ListItem {
  const itemDistributorId = overrides.itemDistributorId ?? 1001;
  return {
    id: itemDistributorId,
    itemDistributorId,
    itemId: itemDistributorId + 5000,
    genericItemId: null,
    merchantId: 11,
    name: 'Chicken Breast Boneless Skinless 6 oz',
    description: '',
    customDescription: null,
    din: '4471023',
    brand: 'Harbor Farms',
    distributor: 'Harborline Foodservice',
    distributorId: 531,
    imageUrl: '',
    brandImageUrl: '',
    unitMeasure: 'LB',
    price: 1250,
    purchasedPrice: null,
    unitPrice: 3125,
    unitQuantity: 4,
    unitSize: '10',
    unitType: 'LB',
    uom: 'LB',
    packSize: '4/10 LB',
    customPackSize: null,
    packSizeUom: 'LB',
    rebate: 0,
    savings: 0,
    showSavings: false,
    savingItems: 0,
    sortIndex: null,
    status: 'active',
    type: 'item',
    lastPurchasedDate: null,
    lastPurchasedQty: null,
    lastPurchasedPrice: null,
    matchId: null,
    matchType: null,
    orderGuideId: 3,
    endDate: '2999-12-31',
    invoiceDate: null,
    caseQuantity: 0,
    count: 0,
    averageWeight: null,
    notes: '',
    isCatchWeight: false,
    isFixedWeight: false,
    isPunchedOut: false,
    isPurchased: false,
    isMarketPrice: false,
    isPartner: false,
    isPriceOutdated: false,
    isUnpurchasable: false,
    isElectronicInvoiceItem: false,
    isFromInvoice: false,
    isSubRecipe: false,
    isCustomItem: false,
    isPreferred: false,
    autoAdded: false,
    isOnOrderGuide: true,
    subRecipeId: null,
    genericCustomItemId: null,
    belongsToGroup: false,
    isExactSearchMatch: false,
    ...overrides,
  };
}

/** One page of GET items. */
export function itemsPage(items: ListItem[], meta: { currentPage?: number; pageCount?: number; totalCount?: number } = {}) {
  return jsonResponse(200, {
    data: items,
    _meta: { currentPage: meta.currentPage ?? 1, pageCount: meta.pageCount ?? 1, totalCount: meta.totalCount ?? items.length },
  });
}

/** A cart line for an item of the list. */
export function makeCartLine(item: ListItem, quantity: number, id = item.itemDistributorId + 90_000): CartLine {
  return {
    id,
    quantity,
    itemDistributorId: item.itemDistributorId,
    searchText: '',
    swapAcceptId: null,
    savings: 0,
    parLevel: null,
    onHand: null,
    specialItem: null,
    item: {
      price: item.price,
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
      active: true,
      din: item.din,
      isPunchedOut: item.isPunchedOut,
      belongsToGroup: false,
      rebate: item.rebate,
      isPartner: false,
      isPurchased: item.isPurchased,
      lastPurchasedDate: item.lastPurchasedDate,
      lastPurchasedQty: item.lastPurchasedQty,
      isUnpurchasable: item.isUnpurchasable,
      isCatchWeight: item.isCatchWeight,
      isFixedWeight: item.isFixedWeight,
      averageWeight: item.averageWeight,
    },
  };
}

export function cartResponse(lines: CartLine[], lastModified = '2025-03-04T10:00:00.000Z') {
  return jsonResponse(200, { data: { shoppingCart: lines, lastModified, unsyncedItems: [] } });
}

export const distributors: OrderingDistributor[] = [
  {
    id: 531,
    nickname: 'Harborline Foodservice',
    minOrderAmount: 0,
    skipMinOrder: false,
    isMinOrderAmountRequired: false,
    isDelivery: 0,
    deliveryDates: [],
    acceptCC: 1,
  },
  {
    id: 558,
    nickname: 'Northeast Provisions',
    minOrderAmount: 25_000,
    skipMinOrder: false,
    isMinOrderAmountRequired: true,
    isDelivery: 0,
    deliveryDates: [],
    acceptCC: 1,
  },
];

/** The filterOptions JSON a GET items request carried. */
export function readFilterOptions(request: { query: URLSearchParams }): Record<string, unknown> {
  return JSON.parse(request.query.get('filterOptions') ?? '{}') as Record<string, unknown>;
}
