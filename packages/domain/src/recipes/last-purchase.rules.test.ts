import { describe, expect, it } from 'vitest';
import { NO_LAST_PURCHASE, pickLastPurchase, type OfferPurchase } from './last-purchase.rules';

const purchase = (itemDistributorId: number, date: string, distributor = `D${itemDistributorId}`): OfferPurchase => ({
  itemDistributorId,
  distributor,
  price: 1000 + itemDistributorId,
  date,
  unitMeasure: itemDistributorId % 2 ? 'CS' : 'LB',
});

describe('an ingredient’s last purchase (doc 2 §3 "Ingredient")', () => {
  const purchases = new Map([
    [1, purchase(1, '2026-10-01', 'Sysco')],
    [2, purchase(2, '2026-11-02', 'US Foods')],
    [3, purchase(3, '2026-11-02', 'PFG')],
  ]);

  it('takes the offer bought most recently, with its distributor, price, date and unit', () => {
    expect(pickLastPurchase([1, 2], purchases)).toEqual({
      lastPurchasedDistributor: 'US Foods',
      lastPurchasedDistributorPrice: 1002,
      lastPurchasedDistributorDate: '2026-11-02',
      lastPurchasedDistributorItem: { unit_measure: 'LB' },
    });
  });

  it('breaks a same-day tie by the lower id, whatever the order of the offers', () => {
    expect(pickLastPurchase([3, 2], purchases).lastPurchasedDistributor).toBe('US Foods');
    expect(pickLastPurchase([2, 3], purchases).lastPurchasedDistributor).toBe('US Foods');
  });

  it('has none for offers never bought, or no offers', () => {
    expect(pickLastPurchase([9], purchases)).toEqual(NO_LAST_PURCHASE);
    expect(pickLastPurchase([], purchases)).toEqual(NO_LAST_PURCHASE);
  });
});
