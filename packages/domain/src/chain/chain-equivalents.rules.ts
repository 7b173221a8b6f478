/**
 * Price variance over matched equivalents (issue 39, second slice): offers the catalogue's matching
 * treats as the same product, bought by the chain's locations at different prices per normalised
 * unit, make one row. Exact rationals over BigInt throughout; money is rounded once, to the cent.
 */
import { DISPLAY_UNIT, PACK_UNITS, roundRatio, type Ratio, type UnitFamily } from '../catalog/pack-size.rules';
import { getSaleContent, type SaleContent } from '../catalog/unit-price.rules';
import { addRatios, compareRatios, multiplyRatios, reduceRatio } from '../units/ratio';
import { isSizeWithinTolerance, parseProductName } from '../savings/equivalence.rules';
import { summariseOfferPurchases, type ChainOfferPurchase, type OfferPurchaseSummary } from './chain-offer-summary.rules';

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
function readContent(offer: VarianceOffer): { content: SaleContent; isReadable: boolean } {
  const content = getSaleContent(offer.unitMeasure, offer.packSize);
  if (content) return { content, isReadable: true };
  return { content: { key: `sale:${offer.itemDistributorId}`, kind: 'count', base: { num: 1n, den: 1n } }, isReadable: false };
}

// Parsed once per offer object: a chain's year groups tens of thousands of offers, each read three times.
const contents = new WeakMap<VarianceOffer, ReturnType<typeof readContent>>();
function contentOf(offer: VarianceOffer): { content: SaleContent; isReadable: boolean } {
  let content = contents.get(offer);
  if (!content) contents.set(offer, (content = readContent(offer)));
  return content;
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
    const members = equivalents.get(key);
    if (members) members.push({ id: offer.itemDistributorId, size: product.size });
    else equivalents.set(key, [{ id: offer.itemDistributorId, size: product.size }]);
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
    const group = groups.get(root);
    if (group) group.push(offer.itemDistributorId);
    else groups.set(root, [offer.itemDistributorId]);
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

/** A summary's lowest and highest price as candidates, in 1/10000 dollars per base unit, exact. */
function candidatesOf(summary: OfferPurchaseSummary, base: Ratio) {
  const perBase = (cents: number) => reduceRatio({ num: BigInt(cents) * 100n * base.den, den: base.num });
  const id = summary.itemDistributorId;
  return {
    low: { itemDistributorId: id, locationId: summary.lowLocationId, perBase: perBase(summary.lowPriceCents) },
    high: { itemDistributorId: id, locationId: summary.highLocationId, perBase: perBase(summary.highPriceCents) },
  };
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
  return getSummaryVariance(offers, summariseOfferPurchases(purchases));
}

/** getEquivalentVariance over the offers' purchase summaries (one per offer). */
export function getSummaryVariance(
  offers: readonly VarianceOffer[],
  summaries: readonly OfferPurchaseSummary[],
): EquivalentVariance | null {
  const byId = new Map(offers.map((o) => [o.itemDistributorId, o]));
  const bought = summaries
    .filter((s) => s.quantity > 0 && byId.has(s.itemDistributorId))
    .map((s) => {
      const base = contentOf(byId.get(s.itemDistributorId)!).content.base;
      return { ...s, base, ...candidatesOf(s, base) };
    });
  if (bought.length === 0) return null;
  type Candidate = (typeof bought)[number]['low'];
  const cheaper = (a: Candidate, b: Candidate) =>
    compareRatios(a.perBase, b.perBase) || a.locationId - b.locationId || a.itemDistributorId - b.itemDistributorId;
  const lowest = bought.map((s) => s.low).reduce((best, p) => (cheaper(p, best) < 0 ? p : best));
  const highest = bought
    .map((s) => s.high)
    .reduce((best, p) => {
      const order = compareRatios(p.perBase, best.perBase);
      return order > 0 || (order === 0 && p.locationId < best.locationId) ? p : best;
    });
  const boughtOffers = bought.map((s) => byId.get(s.itemDistributorId)!);
  const quote = getQuoteUnit([byId.get(lowest.itemDistributorId)!, ...boughtOffers]);
  const atQuote = (perBase: Ratio) => Number(roundRatio(perBase.num * quote.base.num, perBase.den * quote.base.den));
  let baseUnits: Ratio = { num: 0n, den: 1n };
  let paid = 0n;
  for (const s of bought) {
    baseUnits = reduceRatio(addRatios(baseUnits, multiplyRatios(s.base, { num: BigInt(s.quantity), den: 1n })));
    paid += BigInt(s.paidCents);
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
    quantity: bought.reduce((sum, s) => sum + s.quantity, 0),
    unitsBought: Number(roundRatio(units.num, units.den)) / 100,
    totalPaid: Number(paid),
    costAtLowest: Number(costAtLowest),
    wouldHaveSaved: Number(paid - costAtLowest),
  };
}

/**
 * Whether a group's purchases differ enough to list: two locations, two prices per unit. The
 * summaries' lowest and highest prices and first and last locations decide it as every purchase
 * would: two distinct values exist among all of them exactly when the extremes differ.
 */
function hasSummaryVariance(offers: readonly VarianceOffer[], summaries: readonly OfferPurchaseSummary[]): boolean {
  const byId = new Map(offers.map((o) => [o.itemDistributorId, o]));
  const bought = summaries.filter((s) => s.quantity > 0 && byId.has(s.itemDistributorId));
  const prices = new Set(
    bought.flatMap((s) => {
      const base = contentOf(byId.get(s.itemDistributorId)!).content.base;
      return [s.lowPriceCents, s.highPriceCents].map((cents) => ratioKey({ num: BigInt(cents) * base.den, den: base.num }));
    }),
  );
  return new Set(bought.flatMap((s) => [s.firstLocationId, s.lastLocationId])).size >= 2 && prices.size >= 2;
}

/** Every group of equivalents bought by two or more locations at two or more prices per unit. */
export function listEquivalentVariances(
  offers: readonly VarianceOffer[],
  purchases: readonly ChainOfferPurchase[],
): EquivalentVariance[] {
  return listSummaryVariances(offers, summariseOfferPurchases(purchases));
}

/** listEquivalentVariances over the offers' purchase summaries (one per offer). */
export function listSummaryVariances(
  offers: readonly VarianceOffer[],
  summaries: readonly OfferPurchaseSummary[],
): EquivalentVariance[] {
  const byId = new Map(offers.map((o) => [o.itemDistributorId, o]));
  const byOffer = new Map(summaries.map((s) => [s.itemDistributorId, s]));
  const rows: EquivalentVariance[] = [];
  for (const ids of groupEquivalentOffers(offers)) {
    const group = ids.map((id) => byId.get(id)!);
    const bought = ids.flatMap((id) => byOffer.get(id) ?? []);
    if (!hasSummaryVariance(group, bought)) continue;
    const variance = getSummaryVariance(group, bought);
    if (variance) rows.push(variance);
  }
  return rows;
}
