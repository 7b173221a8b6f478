import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  getEquivalentVariance,
  groupEquivalentOffers,
  listEquivalentVariances,
  type VarianceOffer,
} from './chain-equivalents.rules';
import { sortChainVariances } from './chain.rules';
import type { ChainOfferPurchase } from './chain-offer-summary.rules';

const offer = (id: number, fields: Partial<VarianceOffer> = {}): VarianceOffer => ({
  itemDistributorId: id,
  name: 'Olive Oil Extra Virgin',
  genericName: 'olive oil',
  manufacturer: '',
  manufacturerCode: '',
  packSize: '4/1 GAL',
  unitMeasure: 'CS',
  ...fields,
});

describe('groupEquivalentOffers', () => {
  it('groups equivalents by generic item and name, and exact matches by manufacturer item and pack', () => {
    const groups = groupEquivalentOffers([
      offer(1),
      offer(2, { packSize: '6/3 L' }), // same product, another volume pack
      offer(3, { packSize: '6/#10 CN' }), // a container never compares with a volume
      offer(4, { name: 'Canola Oil', genericName: 'canola oil' }),
      offer(5, { name: 'Salad oil blend', genericName: 'oil', manufacturer: 'Acme', manufacturerCode: 'A1' }),
      offer(6, { name: 'Blended oil', genericName: 'blend', manufacturer: 'ACME ', manufacturerCode: 'a1' }),
      offer(7, { name: 'Tomato 6 OZ', genericName: 'tomato', packSize: '1/10 LB' }),
      offer(8, { name: 'Tomato 6.5 OZ', genericName: 'tomato', packSize: '1/10 LB' }),
      offer(9, { name: 'Tomato 10 OZ', genericName: 'tomato', packSize: '1/10 LB' }),
    ]);
    expect(groups).toEqual([[1, 2], [3], [4], [5, 6], [7, 8], [9]]);
  });

  it('clusters sizes from the smallest, so near sizes never drift into another product', () => {
    const sizes = ['10', '10.9', '11.5', '12.5'];
    const groups = groupEquivalentOffers(
      sizes.map((size, i) => offer(i + 1, { name: `Steak ${size} OZ`, genericName: 'steak', packSize: '1/10 LB' })),
    );
    // 10.9 is within 10 % of 10; 11.5 is not, and starts its own cluster with 12.5 (within 10 % of 11.5).
    expect(groups).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});

describe('getEquivalentVariance', () => {
  it('compares two packs per normalised unit, and the saving is paid less the lowest price per unit', () => {
    // A: 4/1 GAL (15,141.647136 ml) at $51.20 = 0.3381¢/ml; B: 6/3 L (18,000 ml) at $60.00 = 0.3333¢/ml, the lowest.
    const offers = [offer(1), offer(2, { packSize: '6/3 L' })];
    const purchases: ChainOfferPurchase[] = [
      { locationId: 10, itemDistributorId: 1, priceCents: 5120, quantity: 2 },
      { locationId: 20, itemDistributorId: 2, priceCents: 6000, quantity: 1 },
    ];
    const variance = getEquivalentVariance(offers, purchases)!;
    expect(variance).toMatchObject({
      itemDistributorId: 2,
      offerIds: [2, 1],
      unit: 'FL OZ',
      lowestUnitPrice: 986, // 6000¢ ÷ 18000 ml × 29.5735295625 ml = $0.098578 / FL OZ
      lowestLocationId: 20,
      highestUnitPrice: 1000, // $51.20 ÷ 512 FL OZ
      highestLocationId: 10,
      quantity: 3,
      totalPaid: 5120 * 2 + 6000,
    });
    const ml = { a: 4 * 3785.411784, b: 18000 };
    const perMlLowest = Math.min(5120 / ml.a, 6000 / ml.b);
    const cost = perMlLowest * (2 * ml.a + ml.b);
    expect(variance.costAtLowest).toBe(Math.round(cost));
    expect(variance.wouldHaveSaved).toBe(variance.totalPaid - variance.costAtLowest);
  });

  it('keeps the unit of sale when every offer holds the same, so prices read as invoiced', () => {
    const variance = getEquivalentVariance(
      [offer(1, { packSize: '6/#10 CN' })],
      [
        { locationId: 1, itemDistributorId: 1, priceCents: 1000, quantity: 2 },
        { locationId: 2, itemDistributorId: 1, priceCents: 1250, quantity: 3 },
      ],
    )!;
    expect(variance).toMatchObject({ unit: 'CS', lowestUnitPrice: 100_000, highestUnitPrice: 125_000, unitsBought: 5 });
    expect(variance).toMatchObject({ totalPaid: 5750, costAtLowest: 5000, wouldHaveSaved: 750 });
  });

  it('quotes mixed packs of cans per can', () => {
    const variance = getEquivalentVariance(
      [offer(1, { packSize: '6/#10 CN' }), offer(2, { packSize: '3/#10 CN' })],
      [
        { locationId: 1, itemDistributorId: 1, priceCents: 1200, quantity: 1 },
        { locationId: 2, itemDistributorId: 2, priceCents: 900, quantity: 2 },
      ],
    )!;
    // $2.00 a can against $3.00 a can: 12 cans at $2.00 = $24.00, paid $30.00.
    expect(variance).toMatchObject({ unit: '#10 CN', lowestUnitPrice: 20_000, highestUnitPrice: 30_000, unitsBought: 12 });
    expect(variance).toMatchObject({ totalPaid: 3000, costAtLowest: 2400, wouldHaveSaved: 600 });
  });
});

const packs = fc.record({
  outer: fc.integer({ min: 1, max: 48 }),
  inner: fc.integer({ min: 1, max: 50 }),
  unit: fc.constantFrom('LB', 'OZ', 'GAL', 'FL OZ', 'L', 'EA', 'KG'),
});
const purchaseOf = (ids: number[]) =>
  fc.record({
    locationId: fc.integer({ min: 1, max: 5 }),
    itemDistributorId: fc.constantFrom(...ids),
    priceCents: fc.integer({ min: 1, max: 2_000_000 }),
    quantity: fc.integer({ min: 0, max: 500 }),
  });

describe('equivalent variance properties', () => {
  const family = (unit: string) => (['LB', 'OZ', 'KG'].includes(unit) ? 'w' : unit === 'EA' ? 'c' : 'v');
  const groupOf = fc
    .tuple(packs, packs, packs)
    .filter(([a, b, c]) => family(a.unit) === family(b.unit) && family(a.unit) === family(c.unit));

  it('never saves a negative amount, and the saving is what was paid above the cost at the lowest price', () => {
    fc.assert(
      fc.property(groupOf, fc.array(purchaseOf([1, 2, 3]), { minLength: 1, maxLength: 10 }), (ps, purchases) => {
        const offers = ps.map((p, i) => offer(i + 1, { packSize: `${p.outer}/${p.inner} ${p.unit}` }));
        const variance = getEquivalentVariance(offers, purchases);
        if (!variance) return purchases.every((p) => p.quantity === 0);
        expect(variance.wouldHaveSaved).toBeGreaterThanOrEqual(0);
        expect(variance.wouldHaveSaved).toBe(variance.totalPaid - variance.costAtLowest);
        expect(variance.totalPaid).toBe(purchases.reduce((s, p) => s + p.priceCents * p.quantity, 0));
        expect(variance.lowestUnitPrice).toBeLessThanOrEqual(variance.highestUnitPrice);
        return true;
      }),
    );
  });

  it('saves nothing when every location paid the same per unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }),
        fc.array(
          fc.record({
            locationId: fc.integer({ min: 1, max: 9 }),
            id: fc.constantFrom(1, 2, 3),
            quantity: fc.integer({ min: 1, max: 99 }),
          }),
          {
            minLength: 1,
            maxLength: 9,
          },
        ),
        (perLb, rows) => {
          // 1/10 LB, 2/10 LB and 4/5 LB: 10, 20 and 20 LB a case, at the same price per LB.
          const offers = [offer(1, { packSize: '1/10 LB' }), offer(2, { packSize: '2/10 LB' }), offer(3, { packSize: '4/5 LB' })];
          const pounds: Record<number, number> = { 1: 10, 2: 20, 3: 20 };
          const purchases = rows.map((r) => ({
            locationId: r.locationId,
            itemDistributorId: r.id,
            priceCents: perLb * pounds[r.id],
            quantity: r.quantity,
          }));
          const variance = getEquivalentVariance(offers, purchases)!;
          expect(variance.wouldHaveSaved).toBe(0);
          expect(listEquivalentVariances(offers, purchases)).toEqual([]);
        },
      ),
    );
  });

  it('is invariant to how a pack is written: 4/1 GAL is 1/4 GAL', () => {
    fc.assert(
      fc.property(groupOf, fc.array(purchaseOf([1, 2, 3]), { minLength: 1, maxLength: 10 }), (ps, purchases) => {
        const written = ps.map((p, i) => offer(i + 1, { packSize: `${p.outer}/${p.inner} ${p.unit}` }));
        const swapped = ps.map((p, i) => offer(i + 1, { packSize: `${p.inner}/${p.outer} ${p.unit}` }));
        expect(getEquivalentVariance(swapped, purchases)).toEqual(getEquivalentVariance(written, purchases));
        expect(listEquivalentVariances(swapped, purchases)).toEqual(listEquivalentVariances(written, purchases));
        expect(groupEquivalentOffers(swapped)).toEqual(groupEquivalentOffers(written));
      }),
    );
  });

  it('lists a group only when two locations paid two prices per unit', () => {
    const offers = [offer(1, { packSize: '1/10 LB' }), offer(2, { packSize: '2/10 LB' })];
    const oneLocation = [
      { locationId: 1, itemDistributorId: 1, priceCents: 1000, quantity: 1 },
      { locationId: 1, itemDistributorId: 2, priceCents: 3000, quantity: 1 },
    ];
    expect(listEquivalentVariances(offers, oneLocation)).toEqual([]);
    const two = [...oneLocation, { locationId: 2, itemDistributorId: 2, priceCents: 2000, quantity: 1 }];
    const [row] = listEquivalentVariances(offers, two);
    // $1.00/LB lowest: 50 LB bought → $50.00; paid $10 + $30 + $20.
    expect(row).toMatchObject({ unit: 'LB', lowestUnitPrice: 10_000, highestUnitPrice: 15_000, unitsBought: 50 });
    expect(row).toMatchObject({ totalPaid: 6000, costAtLowest: 5000, wouldHaveSaved: 1000, offerIds: [1, 2] });
  });
});

describe('sortChainVariances', () => {
  const rows = [
    { itemDistributorId: 3, name: 'Beans', wouldHaveSaved: 100 },
    { itemDistributorId: 1, name: 'Apples', wouldHaveSaved: 100 },
    { itemDistributorId: 2, name: 'Corn', wouldHaveSaved: 500 },
  ];
  it('puts the biggest saving first by default, ties by name, and sorts by name both ways', () => {
    const ids = (sort: string) => sortChainVariances(rows, sort).map((r) => r.itemDistributorId);
    expect(ids('-would_have_saved')).toEqual([2, 1, 3]);
    expect(ids('would_have_saved')).toEqual([1, 3, 2]);
    expect(ids('name')).toEqual([1, 3, 2]);
    expect(ids('-name')).toEqual([2, 3, 1]);
    expect(ids('unknown')).toEqual(ids('-would_have_saved'));
  });
});
