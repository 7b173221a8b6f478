import { describe, expect, it } from 'vitest';
import type { CartLine } from '@stockpot/domain';
import { distributors, makeCartLine, makeListItem } from '../../test/ordering-fixtures';
import { buildOrderPayload, canGroupPayByCard, EMPTY_CHOICES, groupCartByDistributor, isGroupBelowMinimum } from './order-lines';
import { validateShipping } from './pages/shipping-payment-page';

const chicken = makeLineFor(1001, 531, 'Harborline Foodservice', 1250, 3);
const marketFish = makeCartLine(makeListItem({ itemDistributorId: 1002, price: 9999, isMarketPrice: true }), 2);
const cheese = makeLineFor(2001, 558, 'Northeast Provisions', 4599, 1);

function makeLineFor(id: number, distributorId: number, distributor: string, price: number, quantity: number): CartLine {
  return makeCartLine(makeListItem({ itemDistributorId: id, distributorId, distributor, price, rebate: 25 }), quantity);
}

const special: CartLine = {
  ...makeCartLine(makeListItem({ itemDistributorId: 1 }), 4, 777),
  itemDistributorId: null,
  item: null,
  specialItem: {
    distributorId: 531,
    din: '',
    packSize: '',
    uom: 'case',
    description: 'Ramps, wild',
    distributorName: 'Harborline Foodservice',
  },
};

describe('groupCartByDistributor', () => {
  it('groups by distributor and totals in cents; market-price and special lines count 0', () => {
    const groups = groupCartByDistributor([chicken, cheese, marketFish, special]);
    expect(groups.map((g) => [g.distributorId, g.distributorName, g.lines.length])).toEqual([
      [531, 'Harborline Foodservice', 3],
      [558, 'Northeast Provisions', 1],
    ]);
    expect(groups[0]).toMatchObject({
      subtotal: 3 * 1250,
      totalRebates: 3 * 25,
      itemCount: 3 + 2 + 4,
      isSpecialRequestOnly: false,
    });
    expect(groups[1].subtotal).toBe(4599);
  });

  it('marks a group of special requests only', () => {
    expect(groupCartByDistributor([special])[0].isSpecialRequestOnly).toBe(true);
  });
});

describe('minimum order and cards (doc 1 §5)', () => {
  const northeast = distributors[1];
  it('blocks a group under a required minimum, but not one of special requests only', () => {
    const [group] = groupCartByDistributor([cheese]);
    expect(isGroupBelowMinimum(group, northeast)).toBe(true);
    const big = groupCartByDistributor([makeLineFor(2001, 558, 'Northeast Provisions', 4599, 6)])[0];
    expect(isGroupBelowMinimum(big, northeast)).toBe(false);
    const onlySpecial = groupCartByDistributor([{ ...special, specialItem: { ...special.specialItem!, distributorId: 558 } }])[0];
    expect(isGroupBelowMinimum(onlySpecial, northeast)).toBe(false);
  });

  it('offers cards only when the distributor takes them and a line is neither special nor market-price', () => {
    const harborline = distributors[0];
    expect(canGroupPayByCard(groupCartByDistributor([chicken])[0], harborline)).toBe(true);
    expect(canGroupPayByCard(groupCartByDistributor([marketFish, special])[0], harborline)).toBe(false);
    expect(canGroupPayByCard(groupCartByDistributor([chicken])[0], { ...harborline, acceptCC: 0 })).toBe(false);
  });
});

describe('buildOrderPayload (doc 1 §3)', () => {
  it('sends every line of the group, the reviewed total in cents and the choices', () => {
    const [group] = groupCartByDistributor([chicken, special]);
    const body = buildOrderPayload(
      group,
      {
        ...EMPTY_CHOICES,
        deliveryDate: '2026-11-24',
        deliveryTime: '9am-1pm',
        notes: '  Back door ',
        paymentType: 'card',
        cardToken: 'tok_1',
      },
      'America/New_York',
    );
    expect(body).toEqual({
      payment_token: 'tok_1',
      paymentType: 'card',
      requestedDeliveryDate: '2026-11-24',
      distributorId: 531,
      itemList: JSON.stringify([
        { shoppingCartId: chicken.id, itemDistributorId: 1001, quantity: 3 },
        { shoppingCartId: 777, itemDistributorId: null, quantity: 4 },
      ]),
      isSameDayDeliveryFee: 0,
      notes: 'Back door',
      productPrice: 3750,
      requestedDeliveryTime: '9am-1pm',
      skipOrderMinimum: 0,
      timezone: 'America/New_York',
    });
  });

  it('sends no card token on payment terms', () => {
    const [group] = groupCartByDistributor([chicken]);
    expect(buildOrderPayload(group, { ...EMPTY_CHOICES, cardToken: 'tok_1' }, 'UTC').payment_token).toBeNull();
  });
});

describe('validateShipping (doc 1 §5)', () => {
  const today = '2026-11-23';
  it('requires a delivery date', () => {
    expect(validateShipping(EMPTY_CHOICES, today, 0, true)).toEqual({ deliveryDate: 'Please choose a delivery date.' });
  });
  it('requires a time only when the date is not today and Stockpot delivers', () => {
    const tomorrow = { ...EMPTY_CHOICES, deliveryDate: '2026-11-24' };
    expect(validateShipping(tomorrow, today, 1, true)).toEqual({ deliveryTime: 'Please choose a delivery time.' });
    expect(validateShipping(tomorrow, today, 0, true)).toEqual({});
    expect(validateShipping({ ...tomorrow, deliveryDate: today }, today, 1, true)).toEqual({});
  });
  it('requires a card when paying by card', () => {
    const byCard = { ...EMPTY_CHOICES, deliveryDate: today, paymentType: 'card' as const };
    expect(validateShipping(byCard, today, 0, true)).toEqual({ card: 'Please choose a card to pay with.' });
    expect(validateShipping(byCard, today, 0, false)).toEqual({});
  });
});
