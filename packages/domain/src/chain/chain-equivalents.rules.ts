/**
 * Price variance over matched equivalents (issue 39, second slice): offers the catalogue's matching
 * treats as the same product, bought by the chain's locations at different prices per normalised
 * unit, make one row. Exact rationals over BigInt throughout; money is rounded once, to the cent.
 */
import { DISPLAY_UNIT, PACK_UNITS, roundRatio, type Ratio, type UnitFamily } from '../catalog/pack-size.rules';
import { getSaleContent, type SaleContent } from '../catalog/unit-price.rules';
import { addRatios, compareRatios, multiplyRatios, reduceRatio } from '../units/ratio';
import { isSizeWithinTolerance, parseProductName } from '../savings/equivalence.rules';

/** What grouping needs to know of an offer (an item-distributor). */
export interface VarianceOffer {
  itemDistributorId: number;
  name: string;
  genericName: string;
  manufacturer: string;
  manufacturerCode: string;
  packSize: string;
  unitMeasure: string;
}

/** Units of sale one location bought of one offer at one price (cents per unit of sale). */
export interface ChainOfferPurchase {
  locationId: number;
  itemDistributorId: number;
  priceCents: number;
  quantity: number;
}

export interface EquivalentVariance {
  /** The representative offer: the one bought at the lowest price per unit (ties: lower location, lower id). */
  itemDistributorId: number;
  /** Every offer of the group that was bought, the representative first, then by id. */
  offerIds: number[];
  /** What the unit prices are per: the unit of sale when every offer holds the same, else LB, FL OZ, EA or the container. */
  unit: string;
  lowestUnitPrice: number;
  lowestLocationId: number;
  highestUnitPrice: number;
  highestLocationId: number;
  /** Units of sale (cases) bought across the offers. */
  quantity: number;
  /** Bought in `unit`, to 2 decimals (a quantity for the reader; the money below is exact). */
  unitsBought: number;
  /** Cents paid: Σ price × units of sale. */
  totalPaid: number;
  /** Cents: the same units at the lowest price per unit, rounded once. */
  costAtLowest: number;
  /** Cents: totalPaid − costAtLowest, never negative. */
  wouldHaveSaved: number;
}

const norm = (text: string) => text.trim().toLowerCase();
const ratioKey = (r: Ratio) => {
  const { num, den } = reduceRatio(r);
  return `${num}/${den}`;
};

/** An offer's content per unit of sale; an unreadable pack compares only with itself, per unit of sale. */
function contentOf(offer: VarianceOffer): { content: SaleContent; isReadable: boolean } {
  const content = getSaleContent(offer.unitMeasure, offer.packSize);
  if (content) return { content, isReadable: true };
  return { content: { key: `sale:${offer.itemDistributorId}`, kind: 'count', base: { num: 1n, den: 1n } }, isReadable: false };
}

/**
 * Groups offers into the same product, as matching does (match.rules findMatch): an exact match is
 * the same manufacturer item in the same pack; an equivalent is the same generic item and the same
 * name apart from a measured size, in a comparable pack. Packs are compared by what they hold, not
 * how they are written ("4/1 GAL" is "1/4 GAL"). Sizes cluster from the smallest: each within the
 * tolerance of its cluster's smallest, so a chain of near sizes never drifts into another product.
 * Answers groups of offer ids, each sorted, in order of their smallest id.
 */
export function groupEquivalentOffers(offers: readonly VarianceOffer[]): number[][] {
  const parent = new Map<number, number>(offers.map((o) => [o.itemDistributorId, o.itemDistributorId]));
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  const union = (a: number, b: number) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  };
  const byKey = new Map<string, number>();
  const equivalents = new Map<string, { id: number; size: ReturnType<typeof parseProductName>['size'] }[]>();
  for (const offer of offers) {
    const { content, isReadable } = contentOf(offer);
    if (!isReadable) continue;
    if (offer.manufacturerCode.trim() !== '') {
      const key = [norm(offer.manufacturer), norm(offer.manufacturerCode), content.key, ratioKey(content.base)].join('|');
      const first = byKey.get(key);
      if (first === undefined) byKey.set(key, offer.itemDistributorId);
      else union(first, offer.itemDistributorId);
    }
    const product = parseProductName(offer.name);
    const key = [norm(offer.genericName), product.stem, content.key, product.size?.family ?? ''].join('|');
    equivalents.set(key, [...(equivalents.get(key) ?? []), { id: offer.itemDistributorId, size: product.size }]);
  }
  for (const members of equivalents.values()) {
    const sorted = [...members].sort((a, b) =>
      a.size && b.size ? compareRatios(a.size.base, b.size.base) || a.id - b.id : a.id - b.id,
    );
    let anchor = sorted[0];
    for (const member of sorted.slice(1)) {
      if (anchor.size && member.size && !isSizeWithinTolerance(anchor.size, member.size)) anchor = member;
      else union(anchor.id, member.id);
    }
  }
  const groups = new Map<number, number[]>();
  for (const offer of offers) {
    const root = find(offer.itemDistributorId);
    groups.set(root, [...(groups.get(root) ?? []), offer.itemDistributorId]);
  }
  return [...groups.values()].map((ids) => [...new Set(ids)].sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]);
}

/** The unit a group's prices are quoted in and one such unit's content in base units. */
function getQuoteUnit(offers: readonly VarianceOffer[]): { unit: string; base: Ratio } {
  const contents = offers.map((o) => contentOf(o).content);
  const first = contents[0];
  const isSameContent = contents.every((c) => c.key === first.key && compareRatios(c.base, first.base) === 0);
  // One content: prices compare as they are, per unit of sale — the figure on the buyer's invoice.
  if (isSameContent) return { unit: offers[0].unitMeasure || 'CS', base: first.base };
  if (first.key.startsWith('container:')) return { unit: first.key.slice('container:'.length), base: { num: 1n, den: 1n } };
  // Without a bridge only one kind reaches here (pack keys were equal): weight, volume or count.
  const unit = DISPLAY_UNIT[first.kind as UnitFamily];
  return { unit, base: PACK_UNITS[unit].toBase };
}

/**
 * The price variance of one group of equivalent offers (issue 39): the lowest and highest price per
 * unit paid and by which location, and what the group would have saved had every unit cost the
 * lowest price: paid − lowest per-unit price × units bought. Null when nothing was bought.
 */
export function getEquivalentVariance(
  offers: readonly VarianceOffer[],
  purchases: readonly ChainOfferPurchase[],
): EquivalentVariance | null {
  const byId = new Map(offers.map((o) => [o.itemDistributorId, o]));
  const bought = purchases
    .filter((p) => p.quantity > 0 && byId.has(p.itemDistributorId))
    .map((p) => {
      const base = contentOf(byId.get(p.itemDistributorId)!).content.base;
      // 1/10000 dollars per base unit, exact.
      return { ...p, base, perBase: reduceRatio({ num: BigInt(p.priceCents) * 100n * base.den, den: base.num }) };
    });
  if (bought.length === 0) return null;
  const cheaper = (a: (typeof bought)[number], b: (typeof bought)[number]) =>
    compareRatios(a.perBase, b.perBase) || a.locationId - b.locationId || a.itemDistributorId - b.itemDistributorId;
  const lowest = bought.reduce((best, p) => (cheaper(p, best) < 0 ? p : best));
  const highest = bought.reduce((best, p) => {
    const order = compareRatios(p.perBase, best.perBase);
    return order > 0 || (order === 0 && p.locationId < best.locationId) ? p : best;
  });
  const boughtOffers = [...new Set(bought.map((p) => p.itemDistributorId))].map((id) => byId.get(id)!);
  const quote = getQuoteUnit([byId.get(lowest.itemDistributorId)!, ...boughtOffers]);
  const atQuote = (perBase: Ratio) => Number(roundRatio(perBase.num * quote.base.num, perBase.den * quote.base.den));
  let baseUnits: Ratio = { num: 0n, den: 1n };
  let paid = 0n;
  for (const p of bought) {
    baseUnits = reduceRatio(addRatios(baseUnits, multiplyRatios(p.base, { num: BigInt(p.quantity), den: 1n })));
    paid += BigInt(p.priceCents) * BigInt(p.quantity);
  }
  // 1/10000 dollars per base unit × base units ÷ 100 = cents; round is monotone, so never above paid.
  const atLowest = multiplyRatios(lowest.perBase, baseUnits);
  const costAtLowest = roundRatio(atLowest.num, atLowest.den * 100n);
  const units = multiplyRatios(baseUnits, { num: quote.base.den * 100n, den: quote.base.num });
  return {
    itemDistributorId: lowest.itemDistributorId,
    offerIds: [
      lowest.itemDistributorId,
      ...boughtOffers
        .map((o) => o.itemDistributorId)
        .filter((id) => id !== lowest.itemDistributorId)
        .sort((a, b) => a - b),
    ],
    unit: quote.unit,
    lowestUnitPrice: atQuote(lowest.perBase),
    lowestLocationId: lowest.locationId,
    highestUnitPrice: atQuote(highest.perBase),
    highestLocationId: highest.locationId,
    quantity: bought.reduce((sum, p) => sum + p.quantity, 0),
    unitsBought: Number(roundRatio(units.num, units.den)) / 100,
    totalPaid: Number(paid),
    costAtLowest: Number(costAtLowest),
    wouldHaveSaved: Number(paid - costAtLowest),
  };
}

/** Whether a group's purchases differ enough to list: two locations, two prices per unit. */
function hasEquivalentVariance(offers: readonly VarianceOffer[], purchases: readonly ChainOfferPurchase[]): boolean {
  const byId = new Map(offers.map((o) => [o.itemDistributorId, o]));
  const bought = purchases.filter((p) => p.quantity > 0 && byId.has(p.itemDistributorId));
  const prices = new Set(
    bought.map((p) => {
      const base = contentOf(byId.get(p.itemDistributorId)!).content.base;
      return ratioKey({ num: BigInt(p.priceCents) * base.den, den: base.num });
    }),
  );
  return new Set(bought.map((p) => p.locationId)).size >= 2 && prices.size >= 2;
}

/** Every group of equivalents bought by two or more locations at two or more prices per unit. */
export function listEquivalentVariances(
  offers: readonly VarianceOffer[],
  purchases: readonly ChainOfferPurchase[],
): EquivalentVariance[] {
  const byId = new Map(offers.map((o) => [o.itemDistributorId, o]));
  const byOffer = new Map<number, ChainOfferPurchase[]>();
  for (const p of purchases) byOffer.set(p.itemDistributorId, [...(byOffer.get(p.itemDistributorId) ?? []), p]);
  const rows: EquivalentVariance[] = [];
  for (const ids of groupEquivalentOffers(offers)) {
    const group = ids.map((id) => byId.get(id)!);
    const bought = ids.flatMap((id) => byOffer.get(id) ?? []);
    if (!hasEquivalentVariance(group, bought)) continue;
    const variance = getEquivalentVariance(group, bought);
    if (variance) rows.push(variance);
  }
  return rows;
}

/** What the variance list sorts by: the saving, then the name, then the representative offer. */
export interface SortableVariance {
  itemDistributorId: number;
  name: string;
  wouldHaveSaved: number;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts the variance rows (CHAIN_VARIANCE_SORTS; default biggest saving first), ties by name then offer id. */
export function sortChainVariances<T extends SortableVariance>(rows: readonly T[], sort: string): T[] {
  const byName = (a: T, b: T) => compareText(a.name, b.name) || a.itemDistributorId - b.itemDistributorId;
  const compare: Record<string, (a: T, b: T) => number> = {
    '-would_have_saved': (a, b) => b.wouldHaveSaved - a.wouldHaveSaved || byName(a, b),
    would_have_saved: (a, b) => a.wouldHaveSaved - b.wouldHaveSaved || byName(a, b),
    name: byName,
    '-name': (a, b) => byName(b, a),
  };
  return [...rows].sort(compare[sort] ?? compare['-would_have_saved']);
}
