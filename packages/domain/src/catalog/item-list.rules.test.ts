import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SEARCH_SUGGESTION_LIMIT } from './catalog.schema';
import { buildFilterOptions, getEffectiveSort, getListPageSize } from './item-list-query.rules';
import {
  buildCustomOrderData,
  DEFAULT_ITEM_LIST_FILTERS,
  getInvoicePriceTooltip,
  getItemTags,
  getPurchasedTooltip,
  HEADER_SUGGESTION_COUNT,
  moveListElement,
  shouldLoadMore,
  toItemFilterParams,
} from './item-list.rules';
import { getEffectivePrice, getEffectivePriceSource, type PricedItem } from './price.rules';

describe('list state', () => {
  it('uses relevance while searching and Most Purchased otherwise', () => {
    expect(getEffectiveSort(null, '')).toBe('most-purchased');
    expect(getEffectiveSort(null, 'salmon')).toBe('relevance');
    expect(getEffectiveSort('relevance', '')).toBe('most-purchased');
    expect(getEffectiveSort('a-z', 'salmon')).toBe('a-z');
  });

  it('builds filterOptions with product PURCHASED for Purchased Items Only', () => {
    const options = buildFilterOptions({
      search: '  salmon ',
      sortBy: null,
      product: 'ALL',
      filters: { ...DEFAULT_ITEM_LIST_FILTERS, purchasedOnly: true, distributorIds: [558, 531] },
    });
    expect(options).toEqual({
      sort: 'relevance',
      search: 'salmon',
      product: 'PURCHASED',
      distributorIds: [531, 558],
      shoppingIds: [],
      pastOrderIds: [],
    });
  });

  it('pages by 50 on desktop and 25 on a phone, loading more within 600 px', () => {
    expect(getListPageSize(true)).toBe(50);
    expect(getListPageSize(false)).toBe(25);
    expect(shouldLoadMore(600, true, false)).toBe(true);
    expect(shouldLoadMore(601, true, false)).toBe(false);
    expect(shouldLoadMore(0, false, false)).toBe(false);
    expect(shouldLoadMore(0, true, true)).toBe(false);
  });

  it('asks the header suggestions the schema allows', () => {
    expect(HEADER_SUGGESTION_COUNT).toBe(SEARCH_SUGGESTION_LIMIT);
  });
});

describe('row tags and tooltips', () => {
  const item = {
    matchType: 'ExactMatch' as const,
    isElectronicInvoiceItem: true,
    isUnpurchasable: true,
    isOnOrderGuide: true,
    rebate: 150,
    isPurchased: true,
  };

  it('lists every tag in order, Exact match and Rebate only where the location shows them', () => {
    expect(getItemTags(item, { display_match: 1, display_rebate: 1 })).toEqual([
      'exact-match',
      'electronic-invoice',
      'call-in',
      'order-guide',
      'rebate',
      'purchased',
    ]);
    expect(getItemTags(item, { display_match: 0, display_rebate: 0 })).toEqual([
      'electronic-invoice',
      'call-in',
      'order-guide',
      'purchased',
    ]);
    expect(
      getItemTags({ ...item, matchType: 'SavingsOption', rebate: 0 }, { display_match: 1, display_rebate: 1 }),
    ).not.toContain('exact-match');
  });

  it('writes the Purchased and invoice tooltips', () => {
    expect(getPurchasedTooltip({ lastPurchasedQty: 3, unitMeasure: 'CS', lastPurchasedDate: '2025-02-07' })).toBe(
      'Last Purchased 3 CS on 02/07/2025',
    );
    expect(getPurchasedTooltip({ lastPurchasedQty: 3, unitMeasure: 'CS', lastPurchasedDate: null })).toBeNull();
    expect(getInvoicePriceTooltip('2025-02-07T10:00:00Z')).toBe('Electronic Invoice 02-07-2025');
    expect(getInvoicePriceTooltip(null)).toBeNull();
  });
});

describe('effective price source', () => {
  const base: PricedItem = {
    type: 'item',
    price: 1000,
    purchasedPrice: 900,
    endDate: '2025-01-01',
    isPriceOutdated: false,
    isFromInvoice: true,
  };

  it('names the invoice when the invoice price replaces a stale guide price', () => {
    expect(getEffectivePriceSource(base, '2025-02-01')).toBe('invoice');
    expect(getEffectivePriceSource({ ...base, endDate: '2025-03-01' }, '2025-02-01')).toBe('guide');
    expect(getEffectivePriceSource({ ...base, isFromInvoice: false }, '2025-02-01')).toBe('guide');
    expect(getEffectivePriceSource({ ...base, type: 'custom' }, '2025-02-01')).toBe('guide');
  });

  it('agrees with getEffectivePrice on every item', () => {
    const date = fc
      .tuple(fc.integer({ min: 2024, max: 2026 }), fc.integer({ min: 1, max: 13 }), fc.integer({ min: 1, max: 31 }))
      .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.record({
          type: fc.constantFrom('item' as const, 'custom' as const, 'subrecipe' as const),
          price: fc.integer({ min: 0, max: 100_000 }),
          purchasedPrice: fc.option(fc.integer({ min: -5, max: 100_000 })),
          endDate: fc.option(date),
          isPriceOutdated: fc.boolean(),
          isFromInvoice: fc.boolean(),
        }),
        date,
        (item, today) => {
          const price = getEffectivePrice(item, today);
          const source = getEffectivePriceSource(item, today);
          if (source === 'invoice') expect(price).toBe(item.purchasedPrice);
          else expect(price).toBe(item.price);
        },
      ),
    );
  });
});

describe('custom order', () => {
  const items = [10, 20, 30, 40].map((id, index) => ({ itemDistributorId: id, sortIndex: index + 1 }));

  it('sends the new neighbours and the sort index of the place taken', () => {
    expect(buildCustomOrderData(items, 0, 2, false)).toEqual({
      custom_order_data: { item_distributor_id: 10, item_distributor_ids: [30, 40], reference_sort_index: 3, special: null },
    });
  });

  it('marks the top and the bottom of a fully loaded list', () => {
    expect(buildCustomOrderData(items, 2, 0, false)?.custom_order_data).toEqual({
      item_distributor_id: 30,
      item_distributor_ids: [10],
      reference_sort_index: 1,
      special: 'top',
    });
    expect(buildCustomOrderData(items, 1, 3, false)?.custom_order_data.special).toBe('bottom');
    expect(buildCustomOrderData(items, 1, 3, true)?.custom_order_data).toEqual({
      item_distributor_id: 20,
      item_distributor_ids: [40],
      reference_sort_index: 4,
      special: null,
    });
  });

  it('ignores a drop in place', () => {
    expect(buildCustomOrderData(items, 1, 1, false)).toBeNull();
    expect(moveListElement([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
  });
});

describe('filters as query parameters', () => {
  it('leaves out every choice left at all', () => {
    expect(toItemFilterParams(DEFAULT_ITEM_LIST_FILTERS)).toEqual({});
  });
  it('sends the chosen ids as comma lists and purchased only as 1', () => {
    expect(
      toItemFilterParams({ purchasedOnly: true, distributorIds: [3, 7], shoppingIds: [12], pastOrderIds: [40, 41] }),
    ).toEqual({ purchased_only: '1', distributor_ids: '3,7', shopping_ids: '12', past_order_ids: '40,41' });
  });
});
