import { describe, expect, test } from 'vitest';
import { FAMILIES } from './catalog-data';
import { generateCatalog, MIN_CATALOG_SIZE } from './catalog';
import { addDays, todayIn } from './dates';
import { planDemo } from './demo-plan';
import { casePriceCents, computeUnitPriceE4, parsePackSize } from './pricing';
import { createRandom } from './random';

describe('pack sizes', () => {
  test('parses trade notation into outer count, inner size and unit', () => {
    expect(parsePackSize('4/10 LB')).toMatchObject({
      unitQuantity: 4,
      unitSizeE4: 100_000,
      packSizeUom: 'LB',
      dimension: 'weight',
    });
    expect(parsePackSize('6/#10 CN')).toMatchObject({
      unitQuantity: 6,
      unitSizeE4: 10_000,
      packSizeUom: '#10 CN',
      dimension: 'can',
    });
    expect(parsePackSize('24/16.9 FL OZ')).toMatchObject({ unitQuantity: 24, unitSizeE4: 169_000, packSizeUom: 'FL OZ' });
    expect(parsePackSize('1000/1 EA')).toMatchObject({ unitQuantity: 1000, unitSizeE4: 10_000, packSizeUom: 'EA' });
    expect(() => parsePackSize('4x10 LB')).toThrow();
    expect(() => parsePackSize('0/10 LB')).toThrow();
  });

  test('every family pack parses and a family keeps to one dimension', () => {
    for (const family of FAMILIES) {
      const dimensions = new Set([...family.packs, ...(family.catchPacks ?? [])].map((pack) => parsePackSize(pack).dimension));
      expect(dimensions.size, `${family.base} ${family.variants[0]}`).toBe(1);
      if (family.catchWeight) expect(dimensions.has('weight')).toBe(true);
    }
  });
});

describe('unit price', () => {
  test('divides a case price down to one pack unit, rounded half up to 4 decimals', () => {
    // $54.95 for 40 LB = 1.37375 → 1.3738
    expect(computeUnitPriceE4(5495, parsePackSize('4/10 LB'), 'CS')).toBe(13_738);
    // napkins: $6.50 for 1000 → $0.0065, below one cent
    expect(computeUnitPriceE4(650, parsePackSize('1000/1 EA'), 'CS')).toBe(65);
    // $19.99 for 24 × 16.9 fl oz = 405.6 fl oz → 0.04928... → 0.0493
    expect(computeUnitPriceE4(1999, parsePackSize('24/16.9 FL OZ'), 'CS')).toBe(493);
  });

  test('an item sold by the pound (catch weight) is already priced per unit', () => {
    expect(computeUnitPriceE4(1289, parsePackSize('2/15 LB'), 'LB')).toBe(128_900);
  });

  test('case prices scale with the pack and the unit conversion', () => {
    // $2.00 per LB: 4/10 LB = 40 LB → $80.00; 12/32 OZ = 24 LB → $48.00
    expect(casePriceCents(20_000, parsePackSize('4/10 LB'))).toBe(8000);
    expect(casePriceCents(20_000, parsePackSize('12/32 OZ'))).toBe(4800);
    // $8.00 per GAL: 12/32 FL OZ = 3 GAL → $24.00, at 110 % → $26.40
    expect(casePriceCents(80_000, parsePackSize('12/32 FL OZ'), 110)).toBe(2640);
  });
});

describe('random and dates', () => {
  test('the generator repeats itself for a seed and differs between labels', () => {
    const first = createRandom(42, 'a');
    const again = createRandom(42, 'a');
    const other = createRandom(42, 'b');
    const a = Array.from({ length: 5 }, () => first.next());
    expect(Array.from({ length: 5 }, () => again.next())).toEqual(a);
    expect(Array.from({ length: 5 }, () => other.next())).not.toEqual(a);
    expect(a.every((value) => value >= 0 && value < 1)).toBe(true);
  });

  test('adds days across month and year ends; today is a calendar date in the zone', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-12-25', 10)).toBe('2025-01-04');
    // 03:00 UTC on 1 March is still 28 February in New York.
    expect(todayIn('America/New_York', new Date('2025-03-01T03:00:00Z'))).toBe('2025-02-28');
  });
});

describe('catalogue', () => {
  const catalog = generateCatalog(7, 3200);

  test('has the requested number of items with realistic, varied names', () => {
    expect(catalog.items).toHaveLength(3200);
    expect(catalog.items.map((item) => item.id)).toEqual(catalog.items.map((_, index) => index + 1));
    expect(new Set(catalog.items.map((item) => item.name)).size).toBeGreaterThan(1500);
    expect(catalog.items.some((item) => /^Item \d+/.test(item.name))).toBe(false);
    expect(new Set(catalog.items.map((item) => item.category)).size).toBe(11);
  });

  test('every item is carried, 1.5–2 offers per item, DINs unique per distributor', () => {
    const carried = new Set(catalog.offers.map((offer) => offer.itemId));
    expect(carried.size).toBe(catalog.items.length);
    const ratio = catalog.offers.length / catalog.items.length;
    expect(ratio).toBeGreaterThanOrEqual(1.5);
    expect(ratio).toBeLessThanOrEqual(2);
    const dins = new Set(catalog.offers.map((offer) => `${offer.distributorId}/${offer.din}`));
    expect(dins.size).toBe(catalog.offers.length);
  });

  test('offers carry consistent unit prices and catch weights', () => {
    for (const offer of catalog.offers) {
      expect(offer.unitPriceE4).toBe(computeUnitPriceE4(offer.priceCents, offer.pack, offer.unitMeasure));
      expect(offer.isCatchWeight).toBe(offer.unitMeasure === 'LB');
      expect(offer.averageWeightE4 !== null).toBe(offer.isCatchWeight);
    }
  });

  test('is the same for the same seed and differs for another seed', () => {
    expect(generateCatalog(7, 3200)).toEqual(catalog);
    expect(generateCatalog(8, 3200).items.slice(0, 50)).not.toEqual(catalog.items.slice(0, 50));
  });

  test('rejects sizes outside what the families can make', () => {
    expect(() => generateCatalog(7, MIN_CATALOG_SIZE - 1)).toThrow(RangeError);
    expect(() => generateCatalog(7, 1_000_000)).toThrow(RangeError);
  });

  test('a small demo still plans every special kind for Harbor Grill', () => {
    const plan = planDemo({ today: '2025-03-14', catalogSize: MIN_CATALOG_SIZE });
    const harborGrillLines = new Set(
      plan.guides.filter((guide) => guide.locationId === 1).flatMap((guide) => guide.lines.map((l) => l.itemDistributorId)),
    );
    const onGuides = plan.catalog.offers.filter((offer) => harborGrillLines.has(offer.id));
    expect(onGuides.some((offer) => offer.isUnpurchasable)).toBe(true);
    expect(onGuides.some((offer) => offer.status === 'inactive')).toBe(true);
    expect(onGuides.some((offer) => offer.isMarketPrice)).toBe(true);
    expect(onGuides.some((offer) => offer.isCatchWeight)).toBe(true);
    expect(onGuides.some((offer) => offer.rebateCents > 0)).toBe(true);
    expect(onGuides.some((offer) => offer.unitMeasure === 'CS' && offer.unitPriceE4 < 100)).toBe(true);
  });
});
