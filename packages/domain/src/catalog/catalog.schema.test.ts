import { describe, expect, it } from 'vitest';
import { customOrderRequestSchema, listItemsQuerySchema, orderingDistributorSchema } from './catalog.schema';

describe('GET items query', () => {
  it('reads filterOptions JSON with defaults', () => {
    expect(listItemsQuerySchema.parse({ filterOptions: '{"search":" beef ","distributorIds":["531"]}' })).toEqual({
      filterOptions: { search: 'beef', product: 'ALL', distributorIds: [531], shoppingIds: [], pastOrderIds: [] },
      limit: 50,
      page: 1,
    });
    expect(listItemsQuerySchema.parse({}).filterOptions.product).toBe('ALL');
  });

  it('says so when filterOptions is not JSON', () => {
    const result = listItemsQuerySchema.safeParse({ filterOptions: '{search' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['filterOptions'], message: 'filterOptions must be JSON.' });
  });
});

describe('other ordering contracts', () => {
  it('custom order takes neighbours and an optional special place', () => {
    expect(
      customOrderRequestSchema.parse({ custom_order_data: { item_distributor_id: '4', item_distributor_ids: [3] } }),
    ).toEqual({
      custom_order_data: { item_distributor_id: 4, item_distributor_ids: [3], reference_sort_index: null, special: null },
    });
    expect(
      customOrderRequestSchema.safeParse({ custom_order_data: { item_distributor_id: 4, item_distributor_ids: [1, 2, 3] } })
        .success,
    ).toBe(false);
  });

  it('a distributor has cents, 0/1 delivery and 0/1/2 cards', () => {
    const distributor = {
      id: 531,
      nickname: 'Harborline Foodservice',
      minOrderAmount: 25_000,
      skipMinOrder: false,
      isMinOrderAmountRequired: true,
      isDelivery: 0,
      deliveryDates: ['2026-11-23'],
      acceptCC: 2,
    };
    expect(orderingDistributorSchema.parse(distributor)).toEqual(distributor);
    expect(orderingDistributorSchema.safeParse({ ...distributor, acceptCC: 3 }).success).toBe(false);
    expect(orderingDistributorSchema.safeParse({ ...distributor, isDelivery: 2 }).success).toBe(false);
  });
});
