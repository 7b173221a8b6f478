/**
 * The chain-scale catalogue: the demo's product families multiplied out by many more manufacturers
 * and pack sizes, each item carried by about three of the chain's distributors. Offers follow the
 * demo's rules (catalog.ts): 70 % share the item's canonical pack, case prices from a price per
 * base unit with the distributor's mark-up, catch weight priced per pound, the unit price rule of
 * pricing.ts. Kept in typed arrays (a million offers would be a million objects otherwise) and
 * written out as COPY rows.
 */
import { toDecimalString } from '@stockpot/domain';
import { CATEGORIES, FAMILIES, REBATE_MAKERS, type Category, type Family } from '../catalog-data';
import { casePriceCents, computeUnitPriceE4, formatUnitSize, parsePackSize, perPoundCents, type PackSize } from '../pricing';
import { createRandom } from '../random';
import type { ChainDistributor } from './chain-plan';
import { copyText, type TableWriter } from './copy-sink';

export const OFFER_FLAGS = {
  inactive: 1,
  marketPrice: 2,
  unpurchasable: 4,
  catchWeight: 8,
  privateLabel: 16,
  fixedWeight: 32,
} as const;

export interface LargeCatalog {
  firstItemId: number;
  itemCount: number;
  itemName: string[];
  itemGeneric: string[];
  itemMaker: Int32Array;
  itemMakerSequence: Int32Array;
  itemCategory: Uint8Array;
  makers: string[];
  firstOfferId: number;
  offerCount: number;
  offerItem: Int32Array;
  /** Index into `distributors`. */
  offerDistributor: Uint8Array;
  offerPrice: Int32Array;
  offerUnitPrice: Int32Array;
  offerPack: Int32Array;
  offerFlags: Uint8Array;
  offerRebate: Int32Array;
  offerDinSequence: Int32Array;
  /** Ten-thousandths of a pound; -1 when not catch weight. */
  offerAverageWeight: Int32Array;
  packs: PackSize[];
  distributors: ChainDistributor[];
  /** Offer indices of each distributor (same order as `distributors`). */
  byDistributor: Int32Array[];
}

const MAKER_PREFIXES = [
  'Blue Ridge',
  'Golden Acre',
  'Harvest Moon',
  'Iron Creek',
  'Silver Lake',
  'Red Oak',
  'Maple Grove',
  'Stone Bridge',
  'Cedar Point',
  'Willow Creek',
  'North Star',
  'Sun Valley',
  'Eagle Rock',
  'Pine Hollow',
  'Clear Spring',
  'Copper Kettle',
  'Brookside',
  'Highland',
  'Lakeview',
  'Riverbend',
  'Summit Peak',
  'Twin Oaks',
  'Wild Meadow',
  'Coastal Breeze',
  'Prairie Wind',
  'Evergreen',
  'Hidden Valley',
  'Morning Glory',
  'Old Orchard',
  'Sandy Creek',
  'Three Rivers',
  'White Birch',
  'Fox Hollow',
  'Granite State',
  'Bluebonnet',
  'Desert Bloom',
  'Mesa Verde',
  'Pacific Grove',
  'Sierra Vista',
  'Heritage Oak',
  'Long Meadow',
  'Rolling Hills',
  'Cliffside',
  'Timberline',
];

const MAKER_SUFFIXES: Record<Category, string[]> = {
  Produce: ['Farms', 'Growers', 'Orchards', 'Fresh'],
  Meat: ['Meats', 'Packing', 'Ranch', 'Beef Co.'],
  Poultry: ['Poultry', 'Farms', 'Hatchery'],
  Seafood: ['Seafoods', 'Fisheries', 'Catch'],
  Dairy: ['Dairy', 'Creamery', 'Cheese Co.'],
  'Dry Goods': ['Foods', 'Pantry', 'Mills', 'Provisions'],
  Bakery: ['Bakery', 'Bakers', 'Bread Co.'],
  Beverages: ['Beverage Co.', 'Springs', 'Roasters'],
  Frozen: ['Frozen Foods', 'Frosted Foods'],
  'Paper & Disposables': ['Packaging', 'Paper Co.', 'Disposables'],
  'Chemicals & Janitorial': ['Chemical', 'Clean Co.', 'Sanitation'],
};

/** Generated manufacturers per category, on top of each family's demo makers. */
export const MAKERS_PER_CATEGORY = 40;

// Same rules as the demo catalogue (catalog.ts); copied because they are not exported there.
function joinName(...parts: string[]): string {
  return parts.filter((part) => part !== '').join(' ');
}
function toGenericName(words: string): string {
  const lowered = words
    .split(' ')
    .map((word) => (/^[A-Z0-9#/%.&-]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
  return lowered.charAt(0).toUpperCase() + lowered.slice(1);
}
export function manufacturerCodeFor(maker: string, sequence: number): string {
  const initials = maker
    .split(/[\s-]+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .map((word) => word[0].toUpperCase())
    .join('')
    .slice(0, 3);
  return initials.length % 2 === 0 ? String(sequence) : `${initials}${sequence}`;
}
function isCatchWeightSize(family: Family, size: string): boolean {
  return family.catchWeight === true || (Array.isArray(family.catchWeight) && family.catchWeight.includes(size));
}

interface Product {
  family: Family;
  name: string;
  generic: string;
  isCatchWeight: boolean;
  makers: number[];
  packs: number[];
  combos: number;
  offset: number;
  stride: number;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Generates items until the offers reach `targetOffers`. Item ids start at `firstItemId`, offer
 * ids at `firstOfferId` (after the demo's rows). `dinStart` keeps the demo houses' DINs apart from
 * the ones the demo catalogue already used.
 */
export function generateLargeCatalog(options: {
  seed: number;
  targetOffers: number;
  firstItemId: number;
  firstOfferId: number;
  distributors: ChainDistributor[];
}): LargeCatalog {
  const { seed, targetOffers, distributors } = options;
  const random = createRandom(seed, 'large/catalog');

  // Manufacturers: each category's demo makers plus generated ones.
  const makers: string[] = [];
  const makerIndex = new Map<string, number>();
  const makerId = (name: string) => {
    let index = makerIndex.get(name);
    if (index === undefined) {
      index = makers.length;
      makers.push(name);
      makerIndex.set(name, index);
    }
    return index;
  };
  const pools = new Map<Category, number[]>();
  for (const category of CATEGORIES) {
    const suffixes = MAKER_SUFFIXES[category];
    const names = random
      .shuffle(MAKER_PREFIXES)
      .slice(0, MAKERS_PER_CATEGORY)
      .map((prefix, i) => `${prefix} ${suffixes[i % suffixes.length]}`);
    pools.set(category, names.map(makerId));
  }
  const rebateMakers = new Set<number>(REBATE_MAKERS.map(makerId));
  for (const index of random.sample(
    makers.map((_, i) => i),
    Math.round(makers.length * 0.08),
  )) {
    rebateMakers.add(index);
  }

  const packs: PackSize[] = [];
  const packIndex = new Map<string, number>();
  const packId = (text: string) => {
    let index = packIndex.get(text);
    if (index === undefined) {
      index = packs.length;
      packs.push(parsePackSize(text));
      packIndex.set(text, index);
    }
    return index;
  };

  const products: Product[] = [];
  for (const family of FAMILIES) {
    const familyMakers = [...new Set([...family.makers.map(makerId), ...pools.get(family.category)!])];
    for (const variant of family.variants) {
      for (const size of family.sizes) {
        const isCatchWeight = isCatchWeightSize(family, size);
        const productPacks = (isCatchWeight ? (family.catchPacks ?? family.packs) : family.packs).map(packId);
        const combos = familyMakers.length * productPacks.length;
        let stride = random.int(1, combos - 1 || 1);
        while (gcd(stride, combos) !== 1) stride += 1;
        products.push({
          family,
          name: joinName(family.base, variant, size),
          generic: toGenericName(joinName(family.genericBase ?? family.base, variant)),
          isCatchWeight,
          makers: familyMakers,
          packs: productPacks,
          combos,
          offset: random.int(0, combos - 1),
          stride,
        });
      }
    }
  }

  // Who may carry an item of each category, and how likely.
  const carriersByCategory = CATEGORIES.map((category) =>
    distributors
      .map((distributor, index) => ({ index, rate: distributor.carries[category] ?? 0 }))
      .filter((carrier) => carrier.rate > 0),
  );
  const nationals = distributors.map((d, i) => (d.kind === 'national' ? i : -1)).filter((i) => i >= 0);
  const distributorIndex = new Map(distributors.map((d, i) => [d.id, i]));
  // Demo houses continue far beyond the DINs the demo catalogue used.
  const dinSequence = new Int32Array(distributors.length).map((_, i) => (distributors[i].isDemo ? 500_000 : 0));

  const capacity = targetOffers + distributors.length + 1;
  const itemCapacity = Math.ceil(targetOffers / 1.5) + 1;
  const catalog: LargeCatalog = {
    firstItemId: options.firstItemId,
    itemCount: 0,
    itemName: [],
    itemGeneric: [],
    itemMaker: new Int32Array(itemCapacity),
    itemMakerSequence: new Int32Array(itemCapacity),
    itemCategory: new Uint8Array(itemCapacity),
    makers,
    firstOfferId: options.firstOfferId,
    offerCount: 0,
    offerItem: new Int32Array(capacity),
    offerDistributor: new Uint8Array(capacity),
    offerPrice: new Int32Array(capacity),
    offerUnitPrice: new Int32Array(capacity),
    offerPack: new Int32Array(capacity),
    offerFlags: new Uint8Array(capacity),
    offerRebate: new Int32Array(capacity),
    offerDinSequence: new Int32Array(capacity),
    offerAverageWeight: new Int32Array(capacity),
    packs,
    distributors,
    byDistributor: [],
  };
  const makerSequence = new Map<number, number>();
  const seafoodSpecialists = new Set(distributors.filter((d) => d.group === 'seafood').map((d) => distributorIndex.get(d.id)!));

  for (let round = 0; catalog.offerCount < targetOffers; round += 1) {
    let madeAny = false;
    for (const product of products) {
      if (catalog.offerCount >= targetOffers) break;
      if (round >= product.combos) continue;
      if (catalog.itemCount >= itemCapacity) throw new Error('Item capacity exceeded: raise the carriers per item');
      madeAny = true;
      const combo = (product.offset + round * product.stride) % product.combos;
      const maker = product.makers[Math.floor(combo / product.packs.length)];
      const canonicalPack = product.packs[combo % product.packs.length];
      const { family } = product;
      const item = catalog.itemCount;
      catalog.itemCount += 1;
      const sequence = (makerSequence.get(maker) ?? random.int(10_000, 60_000)) + random.int(1, 37);
      makerSequence.set(maker, sequence);
      catalog.itemName.push(product.name);
      catalog.itemGeneric.push(product.generic);
      catalog.itemMaker[item] = maker;
      catalog.itemMakerSequence[item] = sequence;
      const categoryIndex = CATEGORIES.indexOf(family.category);
      catalog.itemCategory[item] = categoryIndex;

      const perBaseE4 = random.int(family.price[0], family.price[1]);
      const carriers: number[] = [];
      for (const { index, rate } of carriersByCategory[categoryIndex]) if (random.chance(rate)) carriers.push(index);
      if (carriers.length === 0) carriers.push(random.pick(nationals));

      for (const d of carriers) {
        const offer = catalog.offerCount;
        catalog.offerCount += 1;
        const isExactMatch = random.chance(0.7);
        const packOfOffer = isExactMatch ? canonicalPack : random.pick(product.packs);
        const pack = packs[packOfOffer];
        const isPrivateLabel = !(isExactMatch || random.chance(0.5));
        const markup = random.int(88, 112);
        const unitMeasure = product.isCatchWeight ? 'LB' : 'CS';
        const priceCents = product.isCatchWeight ? perPoundCents(perBaseE4, markup) : casePriceCents(perBaseE4, pack, markup);
        dinSequence[d] += random.int(1, 9);
        let flags = 0;
        if (random.chance(0.02)) flags |= OFFER_FLAGS.inactive;
        if (family.marketPrice === true && random.chance(seafoodSpecialists.has(d) ? 0.6 : 0.25))
          flags |= OFFER_FLAGS.marketPrice;
        if (random.chance(0.012)) flags |= OFFER_FLAGS.unpurchasable;
        if (product.isCatchWeight) flags |= OFFER_FLAGS.catchWeight;
        if (isPrivateLabel) flags |= OFFER_FLAGS.privateLabel;
        if (family.fixedWeight === true) flags |= OFFER_FLAGS.fixedWeight;
        const rebate = rebateMakers.has(maker) && !isPrivateLabel && random.chance(0.6) ? random.int(5, 60) * 5 : 0;
        catalog.offerItem[offer] = item;
        catalog.offerDistributor[offer] = d;
        catalog.offerPrice[offer] = priceCents;
        catalog.offerUnitPrice[offer] = computeUnitPriceE4(priceCents, pack, unitMeasure);
        catalog.offerPack[offer] = packOfOffer;
        catalog.offerFlags[offer] = flags;
        catalog.offerRebate[offer] = rebate;
        catalog.offerDinSequence[offer] = dinSequence[d];
        catalog.offerAverageWeight[offer] = product.isCatchWeight
          ? Math.round((pack.unitQuantity * pack.unitSizeE4 * random.int(94, 106)) / 100)
          : -1;
      }
    }
    if (!madeAny) throw new Error(`The families allow only ${catalog.offerCount} offers; asked for ${targetOffers}`);
  }

  const counts = new Int32Array(distributors.length);
  for (let o = 0; o < catalog.offerCount; o += 1) counts[catalog.offerDistributor[o]] += 1;
  catalog.byDistributor = Array.from(counts, (count) => new Int32Array(count));
  const filled = new Int32Array(distributors.length);
  for (let o = 0; o < catalog.offerCount; o += 1) {
    const d = catalog.offerDistributor[o];
    catalog.byDistributor[d][filled[d]] = o;
    filled[d] += 1;
  }
  return catalog;
}

/** What an order line copies from an offer (order_items keep the item as it was bought). */
export interface OfferText {
  description: string;
  din: string;
  brand: string;
  packSize: string;
  unitMeasure: 'CS' | 'LB';
}

export function offerText(catalog: LargeCatalog, offer: number): OfferText {
  const item = catalog.offerItem[offer];
  const distributor = catalog.distributors[catalog.offerDistributor[offer]];
  const pack = catalog.packs[catalog.offerPack[offer]];
  const flags = catalog.offerFlags[offer];
  return {
    description: `${catalog.itemName[item]} ${pack.packSize}`.toUpperCase(),
    din: distributor.formatDin(catalog.offerDinSequence[offer]),
    brand: flags & OFFER_FLAGS.privateLabel ? distributor.privateLabel : catalog.makers[catalog.itemMaker[item]],
    packSize: pack.packSize,
    unitMeasure: flags & OFFER_FLAGS.catchWeight ? 'LB' : 'CS',
  };
}

export const ITEM_COLUMNS = [
  'id',
  'name',
  'description',
  'category',
  'generic_name',
  'manufacturer',
  'manufacturer_code',
] as const;

export async function writeItems(catalog: LargeCatalog, writer: TableWriter): Promise<void> {
  for (let item = 0; item < catalog.itemCount; item += 1) {
    const maker = catalog.makers[catalog.itemMaker[item]];
    const line =
      `${catalog.firstItemId + item}\t${copyText(catalog.itemName[item])}\t\t${copyText(CATEGORIES[catalog.itemCategory[item]])}\t` +
      `${copyText(catalog.itemGeneric[item])}\t${copyText(maker)}\t${copyText(manufacturerCodeFor(maker, catalog.itemMakerSequence[item]))}\n`;
    const wait = writer.write(line);
    if (wait) await wait;
  }
}

export const OFFER_COLUMNS = [
  'id',
  'item_id',
  'distributor_id',
  'din',
  'brand',
  'description',
  'pack_size',
  'unit_quantity',
  'unit_size',
  'pack_size_uom',
  'unit_measure',
  'price',
  'unit_price',
  'status',
  'is_catch_weight',
  'is_fixed_weight',
  'is_market_price',
  'is_unpurchasable',
  'is_partner',
  'rebate',
  'average_weight',
] as const;

const flag = (flags: number, bit: number) => (flags & bit ? 't' : 'f');

export async function writeOffers(catalog: LargeCatalog, writer: TableWriter): Promise<void> {
  for (let offer = 0; offer < catalog.offerCount; offer += 1) {
    const text = offerText(catalog, offer);
    const pack = catalog.packs[catalog.offerPack[offer]];
    const flags = catalog.offerFlags[offer];
    const distributor = catalog.distributors[catalog.offerDistributor[offer]];
    const averageWeight = catalog.offerAverageWeight[offer];
    const line =
      `${catalog.firstOfferId + offer}\t${catalog.firstItemId + catalog.offerItem[offer]}\t${distributor.id}\t${copyText(text.din)}\t` +
      `${copyText(text.brand)}\t${copyText(text.description)}\t${copyText(pack.packSize)}\t${pack.unitQuantity}\t` +
      `${formatUnitSize(pack.unitSizeE4)}\t${copyText(pack.packSizeUom)}\t${text.unitMeasure}\t` +
      `${toDecimalString(catalog.offerPrice[offer], 2)}\t${toDecimalString(catalog.offerUnitPrice[offer], 4)}\t` +
      `${flags & OFFER_FLAGS.inactive ? 'inactive' : 'active'}\t${flag(flags, OFFER_FLAGS.catchWeight)}\t` +
      `${flag(flags, OFFER_FLAGS.fixedWeight)}\t${flag(flags, OFFER_FLAGS.marketPrice)}\t${flag(flags, OFFER_FLAGS.unpurchasable)}\t` +
      `${distributor.kind === 'partner' ? 't' : 'f'}\t${toDecimalString(catalog.offerRebate[offer], 2)}\t` +
      `${averageWeight < 0 ? '\\N' : toDecimalString(averageWeight, 4)}\n`;
    const wait = writer.write(line);
    if (wait) await wait;
  }
}
