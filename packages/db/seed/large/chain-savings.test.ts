/**
 * Savings matches and their figures over the chain-scale catalogue (issue 23: "property tests over
 * the demo and chain-scale catalogues"). The catalogue is the large data set's own generator, so
 * these are the products, sizes, packs and prices `npm run seed` loads; fast-check picks cart
 * lines from it. Runs are few by default to keep CI short: SAVINGS_PROPERTY_RUNS raises them
 * (and SAVINGS_CATALOGUE_OFFERS the catalogue, default the quick scale's 100,000 offers).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SIZE_TOLERANCE_PERCENT,
  describeSwapOffer,
  findMatches,
  getMatchCasePrice,
  getSwapOffer,
  isSwapOfferWorthShowing,
  parsePackSize,
  parseProductName,
  type MatchCandidate,
} from '@stockpot/domain';
import { planChain } from './chain-plan';
import { LARGE_SCALES, LARGE_SEED } from './index';
import { OFFER_FLAGS, generateLargeCatalog, manufacturerCodeFor, offerText } from './large-catalog';

const RUNS = Number(process.env.SAVINGS_PROPERTY_RUNS ?? 60);
const OFFERS = Number(process.env.SAVINGS_CATALOGUE_OFFERS ?? LARGE_SCALES.quick.targetOffers);

const key = (text: string) => text.trim().toLowerCase();

/** The catalogue as match candidates, and the candidates of each offer the way the list's SQL picks them. */
function buildCatalogue() {
  const { distributors } = planChain({ locationCount: 20, regionCount: 4, firstLocationId: 4, firstUserId: 4 });
  const catalog = generateLargeCatalog({
    seed: LARGE_SEED,
    targetOffers: OFFERS,
    firstItemId: 1_000,
    firstOfferId: 10_000,
    distributors,
  });
  const candidates: MatchCandidate[] = [];
  const byGeneric = new Map<string, number[]>();
  const byCode = new Map<string, number[]>();
  for (let offer = 0; offer < catalog.offerCount; offer += 1) {
    const item = catalog.offerItem[offer];
    const flags = catalog.offerFlags[offer];
    const text = offerText(catalog, offer);
    const maker = catalog.makers[catalog.itemMaker[item]];
    const candidate: MatchCandidate = {
      itemDistributorId: catalog.firstOfferId + offer,
      distributorId: catalog.distributors[catalog.offerDistributor[offer]].id,
      name: catalog.itemName[item],
      genericName: catalog.itemGeneric[item],
      manufacturer: maker,
      manufacturerCode: manufacturerCodeFor(maker, catalog.itemMakerSequence[item]),
      brand: text.brand,
      packSize: text.packSize,
      price: getMatchCasePrice(catalog.offerPrice[offer], text.unitMeasure, text.packSize) ?? 0,
      isMarketPrice: (flags & OFFER_FLAGS.marketPrice) !== 0,
      isUnpurchasable: (flags & OFFER_FLAGS.unpurchasable) !== 0,
      isActive: (flags & OFFER_FLAGS.inactive) === 0,
      isPunchedOut: false,
    };
    candidates.push(candidate);
    for (const [index, value] of [
      [byGeneric, key(candidate.genericName)],
      [byCode, key(candidate.manufacturerCode)],
    ] as const) {
      const list = index.get(value) ?? [];
      list.push(offer);
      index.set(value, list);
    }
  }
  const candidatesOf = (offer: number): MatchCandidate[] => {
    const own = candidates[offer];
    const ids = new Set([...(byGeneric.get(key(own.genericName)) ?? []), ...(byCode.get(key(own.manufacturerCode)) ?? [])]);
    return [...ids].filter((id) => id !== offer).map((id) => candidates[id]);
  };
  return { candidates, candidatesOf };
}

/** Base quantity of a measured size, as a float: an independent reading of the tolerance rule. */
function sizeInBase(name: string): { family: string; amount: number } | null {
  const size = parseProductName(name).size;
  return size && { family: size.family, amount: Number(size.base.num) / Number(size.base.den) };
}

describe('savings matches on the chain-scale catalogue (properties)', () => {
  const { candidates, candidatesOf } = buildCatalogue();
  // An offer a buyer can have in the cart: priced, orderable.
  const cartable = candidates
    .map((c, offer) => ({ c, offer }))
    .filter(({ c }) => c.price > 0 && !c.isMarketPrice && !c.isUnpurchasable && c.isActive)
    .map(({ offer }) => offer);
  const line = fc.record({ offer: fc.constantFrom(...cartable), quantity: fc.integer({ min: 1, max: 60 }) });
  let savingsOptionsSeen = 0;

  it('is chain-scale', () => {
    expect(candidates.length).toBeGreaterThanOrEqual(Math.min(OFFERS, 100_000));
  });

  it('never pairs different products or sizes beyond the tolerance, and only cheaper ones per unit', () => {
    fc.assert(
      fc.property(line, ({ offer }) => {
        const item = candidates[offer];
        for (const match of findMatches(item, candidatesOf(offer))) {
          const alt = candidates[match.itemDistributorId - 10_000];
          if (match.matchType === 'ExactMatch') {
            expect(key(alt.manufacturerCode)).toBe(key(item.manufacturerCode));
            expect(key(alt.packSize)).toBe(key(item.packSize));
            expect(alt.distributorId).not.toBe(item.distributorId);
            continue;
          }
          savingsOptionsSeen += 1;
          expect(key(alt.genericName)).toBe(key(item.genericName));
          expect(parseProductName(alt.name).stem).toBe(parseProductName(item.name).stem);
          const [a, b] = [sizeInBase(item.name), sizeInBase(alt.name)];
          expect(a === null).toBe(b === null);
          if (a && b) {
            expect(b.family).toBe(a.family);
            expect(Math.abs(b.amount - a.amount)).toBeLessThanOrEqual((a.amount * SIZE_TOLERANCE_PERCENT) / 100 + 1e-9);
          }
          expect(match.unitPrice).toBeLessThanOrEqual(match.originalUnitPrice);
          expect(parsePackSize(alt.packSize)).not.toBeNull();
        }
      }),
      { numRuns: RUNS, seed: LARGE_SEED },
    );
    // The catalogue really offers savings: the properties were not checked on empty answers only.
    expect(savingsOptionsSeen).toBeGreaterThan(0);
  });

  it('makes every savings figure of a cart line add up', () => {
    fc.assert(
      fc.property(line, ({ offer, quantity }) => {
        const item = candidates[offer];
        for (const match of findMatches(item, candidatesOf(offer))) {
          const alt = candidates[match.itemDistributorId - 10_000];
          const swap = getSwapOffer(quantity, item.price, item.packSize, alt.price, alt.packSize);
          expect(swap.currentTotal).toBe(quantity * item.price);
          expect(swap.swapTotal).toBe(swap.swapQuantity * alt.price);
          expect(swap.lineSavings).toBe(swap.currentTotal - swap.swapTotal);
          expect(swap.swapQuantity).toBeGreaterThanOrEqual(1);
          // Per case × cases is the line figure to half a cent a case, and never the other way.
          expect(Math.abs(swap.savingsPerCase * quantity - swap.lineSavings)).toBeLessThanOrEqual(quantity / 2);
          expect(swap.savingsPerCase * Math.sign(swap.lineSavings)).toBeGreaterThanOrEqual(0);
          const sentence = describeSwapOffer(quantity, swap);
          if (isSwapOfferWorthShowing(match.matchType, swap) && match.matchType === 'SavingsOption') {
            expect(swap.lineSavings).toBeGreaterThan(0);
            expect(sentence).toMatch(/^Save \$/);
          }
          if (swap.lineSavings < 0) expect(sentence).toMatch(/ more per case · \$[\d,.]+ more for this line/);
        }
      }),
      { numRuns: RUNS, seed: LARGE_SEED + 1 },
    );
  });
});
