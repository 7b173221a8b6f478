/**
 * Builds the demo catalogue in memory: items multiplied out of the product families, and each
 * distributor's offers of them (item_distributors) with its own DIN, brand, pack size and price.
 * Pure and deterministic: the same seed and size always give the same rows.
 */
import { toDecimalString } from '@stockpot/domain';
import { CATEGORIES, FAMILIES, REBATE_MAKERS, type Category, type Family } from './catalog-data';
import { DISTRIBUTOR_IDS, DISTRIBUTORS, type DemoDistributor } from './demo-accounts';
import { casePriceCents, computeUnitPriceE4, formatUnitSize, parsePackSize, perPoundCents, type PackSize } from './pricing';
import { createRandom } from './random';

export interface CatalogItem {
  id: number;
  name: string;
  description: string;
  category: Category;
  genericName: string;
  manufacturer: string;
  manufacturerCode: string;
}

export interface CatalogOffer {
  id: number;
  itemId: number;
  distributorId: number;
  din: string;
  brand: string;
  description: string;
  pack: PackSize;
  /** CS for a case price; LB for catch weight (priced per pound). */
  unitMeasure: 'CS' | 'LB';
  priceCents: number;
  unitPriceE4: number;
  status: 'active' | 'inactive';
  isCatchWeight: boolean;
  isFixedWeight: boolean;
  isMarketPrice: boolean;
  isUnpurchasable: boolean;
  isPartner: boolean;
  rebateCents: number;
  /** Average case weight in ten-thousandths of a pound, for catch weight. */
  averageWeightE4: number | null;
  category: Category;
}

export interface Catalog {
  items: CatalogItem[];
  offers: CatalogOffer[];
}

interface Candidate {
  family: Family;
  variant: string;
  size: string;
  maker: string;
  isCatchWeight: boolean;
}

export const DEFAULT_CATALOG_SIZE = 3200;
export const MIN_CATALOG_SIZE = 100;

/** The families whose every item has a unit price below one cent (napkins, portion cups, stirrers). */
function isTinyUnitFamily(family: Family): boolean {
  // 85/10000 $ per piece, plus at most 12 % distributor mark-up, stays under $0.01.
  return family.price[1] <= 85;
}

function isCatchWeightSize(family: Family, size: string): boolean {
  return family.catchWeight === true || (Array.isArray(family.catchWeight) && family.catchWeight.includes(size));
}

function joinName(...parts: string[]): string {
  return parts.filter((part) => part !== '').join(' ');
}

/** 'Chicken Breast Boneless Skinless' → 'Chicken breast boneless skinless', keeping codes such as PEI or U10. */
function toGenericName(words: string): string {
  const lowered = words
    .split(' ')
    .map((word) => (/^[A-Z0-9#/%.&-]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
  return lowered.charAt(0).toUpperCase() + lowered.slice(1);
}

/** Every item the families can make: each base × variant × size from one to three of its makers. */
function buildCandidates(seed: number): Candidate[] {
  const random = createRandom(seed, 'catalog/candidates');
  const candidates: Candidate[] = [];
  for (const family of FAMILIES) {
    for (const variant of family.variants) {
      for (const size of family.sizes) {
        const makers = random.sample(family.makers, random.int(1, Math.min(3, family.makers.length)));
        for (const maker of makers) {
          candidates.push({ family, variant, size, maker, isCatchWeight: isCatchWeightSize(family, size) });
        }
      }
    }
  }
  return candidates;
}

/** The largest catalogue the families can produce without repeating an item. */
export function maxCatalogSize(seed: number): number {
  return buildCandidates(seed).length;
}

/** Picks `size` candidates, always including a few of each kind the demo must show. */
function selectCandidates(candidates: Candidate[], size: number, seed: number): Candidate[] {
  const random = createRandom(seed, 'catalog/select');
  const shuffled = random.shuffle(candidates);
  const chosen = new Set<Candidate>();
  const anchors: ((candidate: Candidate) => boolean)[] = [
    (c) => c.isCatchWeight,
    (c) => c.family.marketPrice === true,
    (c) => isTinyUnitFamily(c.family),
  ];
  for (const isAnchor of anchors) {
    for (const candidate of shuffled.filter(isAnchor).slice(0, 4)) chosen.add(candidate);
  }
  for (const candidate of shuffled) {
    if (chosen.size >= size) break;
    chosen.add(candidate);
  }
  return [...chosen];
}

function compareText(a: string, b: string): number {
  // Plain code-unit order: identical on every machine, unlike locale-aware comparison.
  return a < b ? -1 : a > b ? 1 : 0;
}

function manufacturerCodeFor(maker: string, sequence: number): string {
  const initials = maker
    .split(/[\s-]+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .map((word) => word[0].toUpperCase())
    .join('')
    .slice(0, 3);
  // Half the manufacturers use bare numbers, the others a letter prefix: both styles occur in real guides.
  return initials.length % 2 === 0 ? String(sequence) : `${initials}${sequence}`;
}

function carryRate(distributor: DemoDistributor, category: Category): number {
  return distributor.carries[category] ?? 0;
}

/**
 * Generates the catalogue. `catalogSize` items (MIN_CATALOG_SIZE up to what the families allow),
 * carried by 1.5–2 distributors each on average.
 */
export function generateCatalog(seed: number, catalogSize: number = DEFAULT_CATALOG_SIZE): Catalog {
  const candidates = buildCandidates(seed);
  if (!Number.isInteger(catalogSize) || catalogSize < MIN_CATALOG_SIZE || catalogSize > candidates.length) {
    throw new RangeError(`catalogSize must be an integer from ${MIN_CATALOG_SIZE} to ${candidates.length}, got ${catalogSize}`);
  }
  const selected = selectCandidates(candidates, catalogSize, seed);
  const named = selected.map((candidate) => ({
    candidate,
    name: joinName(candidate.family.base, candidate.variant, candidate.size),
    categoryIndex: CATEGORIES.indexOf(candidate.family.category),
  }));
  named.sort(
    (a, b) =>
      a.categoryIndex - b.categoryIndex || compareText(a.name, b.name) || compareText(a.candidate.maker, b.candidate.maker),
  );

  const random = createRandom(seed, 'catalog/items');
  const makerSequence = new Map<string, number>();
  const items: CatalogItem[] = [];
  const offers: CatalogOffer[] = [];
  const dinSequence = new Map<number, number>();

  for (const [index, { candidate, name }] of named.entries()) {
    const { family, variant, maker } = candidate;
    const itemId = index + 1;
    const sequence = (makerSequence.get(maker) ?? random.int(10_000, 60_000)) + random.int(1, 37);
    makerSequence.set(maker, sequence);
    items.push({
      id: itemId,
      name,
      description: '',
      category: family.category,
      genericName: toGenericName(joinName(family.genericBase ?? family.base, variant)),
      manufacturer: maker,
      manufacturerCode: manufacturerCodeFor(maker, sequence),
    });

    const packs = (candidate.isCatchWeight ? (family.catchPacks ?? family.packs) : family.packs).map(parsePackSize);
    const canonicalPack = random.pick(packs);
    const perBaseE4 = random.int(family.price[0], family.price[1]);
    const carriers = DISTRIBUTORS.filter((distributor) => random.chance(carryRate(distributor, family.category)));
    if (carriers.length === 0) carriers.push(random.pick(DISTRIBUTORS.slice(0, 2)));

    for (const distributor of carriers) {
      const isExactMatch = random.chance(0.7);
      const pack = isExactMatch ? canonicalPack : random.pick(packs);
      const brand = isExactMatch || random.chance(0.5) ? maker : distributor.privateLabel;
      const markup = random.int(88, 112);
      const unitMeasure = candidate.isCatchWeight ? 'LB' : 'CS';
      const priceCents = candidate.isCatchWeight ? perPoundCents(perBaseE4, markup) : casePriceCents(perBaseE4, pack, markup);
      const nominalWeightE4 = pack.unitQuantity * pack.unitSizeE4;
      const sequenceForDin = (dinSequence.get(distributor.id) ?? 0) + random.int(1, 9);
      dinSequence.set(distributor.id, sequenceForDin);
      offers.push({
        id: offers.length + 1,
        itemId,
        distributorId: distributor.id,
        din: distributor.formatDin(sequenceForDin),
        brand,
        description: `${name} ${pack.packSize}`.toUpperCase(),
        pack,
        unitMeasure,
        priceCents,
        unitPriceE4: computeUnitPriceE4(priceCents, pack, unitMeasure),
        status: random.chance(0.02) ? 'inactive' : 'active',
        isCatchWeight: candidate.isCatchWeight,
        isFixedWeight: family.fixedWeight === true,
        isMarketPrice:
          family.marketPrice === true && random.chance(distributor.id === DISTRIBUTOR_IDS.baysideSeafood ? 0.6 : 0.25),
        isUnpurchasable: random.chance(0.012),
        isPartner: distributor.id === DISTRIBUTOR_IDS.stockpotDirect,
        rebateCents: REBATE_MAKERS.includes(maker) && brand === maker && random.chance(0.6) ? random.int(5, 60) * 5 : 0,
        averageWeightE4: candidate.isCatchWeight ? Math.round((nominalWeightE4 * random.int(94, 106)) / 100) : null,
        category: family.category,
      });
    }
  }
  return { items, offers };
}

/** Column values of an offer as the item_distributors table stores them. */
export function offerRow(offer: CatalogOffer) {
  return {
    id: offer.id,
    itemId: offer.itemId,
    distributorId: offer.distributorId,
    din: offer.din,
    brand: offer.brand,
    description: offer.description,
    packSize: offer.pack.packSize,
    unitQuantity: offer.pack.unitQuantity,
    unitSize: formatUnitSize(offer.pack.unitSizeE4),
    packSizeUom: offer.pack.packSizeUom,
    unitMeasure: offer.unitMeasure,
    price: toDecimalString(offer.priceCents, 2),
    unitPrice: toDecimalString(offer.unitPriceE4, 4),
    status: offer.status,
    isCatchWeight: offer.isCatchWeight,
    isFixedWeight: offer.isFixedWeight,
    isMarketPrice: offer.isMarketPrice,
    isUnpurchasable: offer.isUnpurchasable,
    isPartner: offer.isPartner,
    rebate: toDecimalString(offer.rebateCents, 2),
    averageWeight: offer.averageWeightE4 === null ? null : toDecimalString(offer.averageWeightE4, 4),
  };
}
