/**
 * Rules of the inventory comparison view (doc 2 §4 "Group and item behaviour", §5, §9): on-hand
 * input and totals, group names, the order of items in a group, the group's amount on hand in its
 * chosen unit (group-stock.rules) and the best buy (best-buy.rules). Quantities are exact rationals
 * until the result is rounded; money stays in integer cents.
 */
import { GRAMS_PER_LB, parsePackSize, roundRatio, type PackSize, type Ratio } from '../catalog/pack-size.rules';
import { gcdSafe, roundDivSafe, safeAdd, safeMul, toSafeRatio } from '../catalog/safe-ratio.rules';
import { roundRatioTo2, toRatio } from './units.rules';

/** Group name minimum (doc 2 §9). */
export const GROUP_NAME_MIN_LENGTH = 3;
/** Item search page of the Add/Link dialog (doc 2 §9). */
export const INVENTORY_ITEM_SEARCH_LIMIT = 30;
/** Inventory view page sizes (doc 2 §9). */
export const INVENTORY_PAGE_SIZE_MOBILE = 25;
export const INVENTORY_PAGE_SIZE_DESKTOP = 70;
/** Historic on-hand rows shown at most (doc 2 §9). */
export const HISTORIC_ON_HAND_ROWS = 12;

/** doc 2 §8 texts, spelled as the spec spells them. */
export const INVENTORY_TEXTS = {
  duplicateGroup: 'This generic item already exists',
  somethingWrong: "Something wen't wrong",
  deleteGroup: 'Are you sure you want to delete this generic item?',
  deleteRecipeGroup:
    'Are you sure you want to delete this comparison view generic group, it will also remove those items from the recipe?',
  addGroupBar: 'Click to add new generic group',
  noResults: 'No results found',
  noData: 'No Data Found!',
  punchedOutTooltip: 'This item is grayed out because it was not on your most recent order guide sent by your distributor.',
  offlineAddGroup: 'Please enable online mode to add a new generic ingredient.',
} as const;

/** 'Are you sure you want to delete {name} inventory list?' (doc 2 §8). */
export function getDeleteListConfirmation(name: string): string {
  return `Are you sure you want to delete ${name} inventory list?`;
}

/** The group name rule (doc 2 §5): at least 3 characters, surrounding spaces not counted. */
export function isValidGroupName(name: string): boolean {
  return name.trim().length >= GROUP_NAME_MIN_LENGTH;
}

/** What a rename ends as (doc 2 §5): a valid new name is kept, a too-short one reverts to the old name. */
export function resolveGroupRename(oldName: string, typed: string): { name: string; isChanged: boolean } {
  const name = typed.trim();
  if (!isValidGroupName(name) || name === oldName) return { name: oldName, isChanged: false };
  return { name, isChanged: true };
}

const ON_HAND_INPUT = /^(\d+(\.\d{0,2})?)?$/;

/** On-hand input rule (doc 2 §5): empty, or digits with an optional dot and at most 2 decimals. */
export function isValidOnHandInput(text: string): boolean {
  return ON_HAND_INPUT.test(text);
}

/** The value of an on-hand input (empty is 0), in hundredths. */
export function parseOnHandInput(text: string): number {
  if (!isValidOnHandInput(text) || text === '') return 0;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A step button (doc 2 §5): adds or subtracts 1, never below 0, keeping 2 decimals. */
export function stepOnHand(value: number, delta: 1 | -1): number {
  const hundredths = Math.round(value * 100) + delta * 100;
  return Math.max(0, hundredths) / 100;
}

/** What an item needs for its on-hand total: its pack, how it is priced, and its effective price. */
export interface OnHandItem {
  /** 'outer/inner UOM', the custom pack size when one is set. */
  packSize: string;
  /** CS (per case), LB (per pound: catch weight) or EA. */
  unitMeasure: string;
  /** Effective price in cents (doc 2 §4). */
  price: number;
}

export interface OnHandCounts {
  /** Full cases. */
  onHand: number;
  /** Opened packs (the pack size's outer count per case). */
  onHandPack: number;
  /** Loose units (the pack size's unit). */
  onHandUom: number;
}

export interface OnHandTotals {
  /** On hand in cases, 4 decimals. */
  totalOnHand: number;
  /** Value of what is on hand in cents. */
  totalOnHandAmount: number;
  /** On hand in the pack size's unit, 2 decimals, with that unit (doc 2 §7 answer). */
  collectiveOnHand: number;
  collectiveOnHandUom: string;
}

/** Cases as an exact ratio from cases, packs and units of a pack (packs per case = outer, units per pack = inner). */
function toCases(counts: OnHandCounts, pack: PackSize | null): Ratio {
  const c = toRatio(counts.onHand);
  if (!pack) return c;
  const p = toRatio(counts.onHandPack);
  const u = toRatio(counts.onHandUom);
  const q = BigInt(pack.unitQuantity);
  // cases + packs / q + units / (q × size); all three share the denominator 10^6.
  const sizeNum = pack.unitSize.num;
  const sizeDen = pack.unitSize.den;
  const num = c.num * q * sizeNum + p.num * sizeNum + u.num * sizeDen;
  return { num, den: c.den * q * sizeNum };
}

/**
 * The on-hand total of doc 2 §4: cases, packs and units combined into cases; its value is the
 * cases times the effective case price, or for an item priced per pound the pounds times the
 * price; amounts round to cents. An item whose pack size cannot be read counts cases only.
 *
 * Computed on plain integers when every product stays exact (safe-ratio.rules: counts of a few
 * decimals, real packs and prices, which is every count the view holds), else in BigInt
 * (getOnHandTotalsExact); both give the same figures, the first without allocating BigInts.
 */
export function getOnHandTotals(item: OnHandItem, counts: OnHandCounts): OnHandTotals {
  return getOnHandTotalsFast(item, counts) ?? getOnHandTotalsExact(item, counts);
}

/** A pack's sizes as reduced safe integers: units per pack, and pounds per case for weight packs. */
interface SafePack {
  unitQuantity: number;
  sizeNum: number;
  sizeDen: number;
  /** Pounds in one case (weight packs only). */
  pounds: { num: number; den: number } | null;
}

const safePacks = new WeakMap<PackSize, SafePack | null>();

function getSafePack(pack: PackSize): SafePack | null {
  let safe = safePacks.get(pack);
  if (safe === undefined) {
    const size = toSafeRatio(pack.unitSize);
    const pounds =
      pack.family === 'weight'
        ? toSafeRatio({ num: pack.totalBase.num * GRAMS_PER_LB.den, den: pack.totalBase.den * GRAMS_PER_LB.num })
        : null;
    safe =
      size && Number.isSafeInteger(pack.unitQuantity) && (pack.family !== 'weight' || pounds)
        ? { unitQuantity: pack.unitQuantity, sizeNum: size.num, sizeDen: size.den, pounds }
        : null;
    safePacks.set(pack, safe);
  }
  return safe;
}

/** millionths of a count, as toRatio reads it. */
const toMillionths = (value: number) => Math.round(value * 1_000_000);

/** getOnHandTotals on safe integers; null when some product would leave the safe range. */
function getOnHandTotalsFast(item: OnHandItem, counts: OnHandCounts): OnHandTotals | null {
  if (!Number.isSafeInteger(item.price)) return null;
  const pack = parsePackSize(item.packSize);
  const safe = pack ? getSafePack(pack) : null;
  if (pack && !safe) return null;
  const c = toMillionths(counts.onHand);
  if (!Number.isSafeInteger(c)) return null;
  let num: number;
  let den: number;
  if (!safe) {
    // No pack: the cases alone (the packs and units cannot be converted), c / 10^6 reduced.
    const divisor = gcdSafe(c, 1_000_000);
    num = c / divisor;
    den = 1_000_000 / divisor;
  } else {
    const p = toMillionths(counts.onHandPack);
    const u = toMillionths(counts.onHandUom);
    if (!Number.isSafeInteger(p) || !Number.isSafeInteger(u)) return null;
    // The three counts share 10^6; take out their common factor first (the value is unchanged).
    const divisor = gcdSafe(gcdSafe(gcdSafe(c, p), u), 1_000_000);
    const q = safe.unitQuantity;
    // cases = c + p / q + u / (q × size) over 10^6: (c·q·sn + p·sn + u·sd) / (10^6·q·sn)
    num = safeAdd(
      safeAdd(safeMul(safeMul(c / divisor, q), safe.sizeNum), safeMul(p / divisor, safe.sizeNum)),
      safeMul(u / divisor, safe.sizeDen),
    );
    den = safeMul(safeMul(1_000_000 / divisor, q), safe.sizeNum);
  }
  const totalOnHand = roundDivSafe(safeMul(num, 10_000), den) / 10_000;
  const amount =
    item.unitMeasure === 'LB' && safe?.pounds
      ? roundDivSafe(safeMul(safeMul(num, safe.pounds.num), item.price), safeMul(den, safe.pounds.den))
      : roundDivSafe(safeMul(num, item.price), den);
  const collective = safe
    ? roundDivSafe(safeMul(safeMul(safeMul(num, safe.unitQuantity), safe.sizeNum), 100), safeMul(den, safe.sizeDen)) / 100
    : roundDivSafe(safeMul(num, 100), den) / 100;
  if (Number.isNaN(totalOnHand) || Number.isNaN(amount) || Number.isNaN(collective)) return null;
  return {
    totalOnHand,
    totalOnHandAmount: amount,
    collectiveOnHand: collective,
    collectiveOnHandUom: pack ? pack.uom : 'CS',
  };
}

/** getOnHandTotals in BigInt throughout: the reference the integer path is tested against. */
export function getOnHandTotalsExact(item: OnHandItem, counts: OnHandCounts): OnHandTotals {
  const pack = parsePackSize(item.packSize);
  const cases = toCases(counts, pack);
  const totalOnHand = Number(roundRatio(cases.num * 10_000n, cases.den)) / 10_000;
  let amount: bigint;
  if (item.unitMeasure === 'LB' && pack?.family === 'weight') {
    // pounds = cases × case content in grams / grams per pound
    const num = cases.num * pack.totalBase.num * GRAMS_PER_LB.den * BigInt(item.price);
    const den = cases.den * pack.totalBase.den * GRAMS_PER_LB.num;
    amount = roundRatio(num, den);
  } else {
    amount = roundRatio(cases.num * BigInt(item.price), cases.den);
  }
  const collective = pack
    ? roundRatioTo2({ num: cases.num * BigInt(pack.unitQuantity) * pack.unitSize.num, den: cases.den * pack.unitSize.den })
    : roundRatioTo2(cases);
  return {
    totalOnHand,
    totalOnHandAmount: Number(amount),
    collectiveOnHand: collective,
    collectiveOnHandUom: pack ? pack.uom : 'CS',
  };
}

/** The fields the item order of a group looks at. */
export interface OrderedGroupItem {
  id: number;
  isPunchedOut: boolean;
  isSubRecipe: boolean;
  /** Normalised unit price (1/10000 dollars), null when the pack cannot be read. */
  finalUnitPrice: number | null;
  /** Effective price in cents. */
  price: number;
}

/**
 * Item order within a group (doc 2 §4): punched-out last, sub-recipes first, then ascending final
 * unit price (unknown last), then price; ties by id so the order is stable.
 */
export function compareGroupItems(a: OrderedGroupItem, b: OrderedGroupItem): number {
  if (a.isPunchedOut !== b.isPunchedOut) return a.isPunchedOut ? 1 : -1;
  if (a.isSubRecipe !== b.isSubRecipe) return a.isSubRecipe ? -1 : 1;
  if (a.finalUnitPrice !== b.finalUnitPrice) {
    if (a.finalUnitPrice === null) return 1;
    if (b.finalUnitPrice === null) return -1;
    return a.finalUnitPrice - b.finalUnitPrice;
  }
  if (a.price !== b.price) return a.price - b.price;
  return a.id - b.id;
}

export function sortGroupItems<T extends OrderedGroupItem>(items: readonly T[]): T[] {
  return [...items].sort(compareGroupItems);
}

/** The Add/Edit Custom Item form as typed (doc 2 §3 "Custom item form"). */
export interface CustomItemForm {
  description: string;
  unitMeasure: string;
  distributor: string;
  price: string;
  outerPack: string;
  innerPack: string;
  uom: string;
}

const NUMERIC = /^\d+(\.\d+)?$/;

/**
 * Custom item Save rule (doc 2 §5): description and distributor 2+ characters, price present and
 * numeric, outer and inner pack present, numeric and at least 0 (plus the unit choices marked required).
 */
export function canSaveCustomItem(form: CustomItemForm): boolean {
  return (
    form.description.trim().length >= 2 &&
    form.distributor.trim().length >= 2 &&
    NUMERIC.test(form.price.trim()) &&
    NUMERIC.test(form.outerPack.trim()) &&
    NUMERIC.test(form.innerPack.trim()) &&
    form.unitMeasure !== '' &&
    form.uom !== ''
  );
}

/** Descriptions over 100 characters are flagged long (doc 2 §5). */
export function isLongDescription(description: string): boolean {
  return description.length > 100;
}

/** Unit of Measure choices of a custom item, and pack-size units (doc 2 §5 'UOM chosen from a list'). */
export const CUSTOM_ITEM_UNIT_MEASURES = ['CS', 'EA', 'LB'] as const;
export const PACK_SIZE_UOMS = ['LB', 'OZ', 'KG', 'G', 'GAL', 'QT', 'PT', 'FL OZ', 'L', 'ML', 'EA', 'CT', 'DZ', 'BUNCH'] as const;

/** What the Edit Packsize and Default Packsize menu entries look at. */
export interface PackSizeEditable {
  isCustomItem: boolean;
  isSubRecipe: boolean;
  isCatchWeight: boolean;
  customPackSize: string | null;
}

/**
 * Edit Packsize (doc 2 §5): a catalogue item's pack size as this location counts it. Disabled for
 * catch-weight items (counted by weight); custom items change theirs in Edit Custom Item, and a
 * sub-recipe is counted in batches of its yield.
 */
export function canEditPackSize(item: PackSizeEditable): boolean {
  return !item.isCustomItem && !item.isSubRecipe && !item.isCatchWeight;
}

/** Default Packsize (doc 2 §5): enabled only when a custom pack size is set. */
export function canResetPackSize(item: PackSizeEditable): boolean {
  return canEditPackSize(item) && item.customPackSize !== null;
}

/** 'outer/inner UOM' from the Edit Packsize fields, numbers written without trailing zeros. */
export function toPackSizeText(pack: { outerPack: number; innerPack: number; uom: string }): string {
  return `${pack.outerPack}/${pack.innerPack} ${pack.uom.trim().toUpperCase()}`;
}

/** The pack size text an Edit Packsize request sets, if it is one a count can be based on. */
export function isCountablePackSize(text: string): boolean {
  const pack = parsePackSize(text);
  return pack !== null && pack.unitQuantity > 0;
}
