/**
 * On-hand counts of the inventory comparison view (doc 2 §4, §5): the on-hand input and its step
 * buttons, and an item's on-hand total in cases, value and pack units. Quantities are exact
 * rationals until the result is rounded; money stays in integer cents.
 */
import { GRAMS_PER_LB, parsePackSize, roundRatio, type PackSize, type Ratio } from '../catalog/pack-size.rules';
import { gcdSafe, roundDivSafe, safeAdd, safeMul, toSafeRatio } from '../catalog/safe-ratio.rules';
import { roundRatioTo2, toRatio } from './units.rules';

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
