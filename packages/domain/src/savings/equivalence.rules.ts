import { PACK_UNITS, UOM_ALIASES, type Ratio, type UnitFamily } from '../catalog/pack-size.rules';

/**
 * Which items are the same product for a savings match (GLOSSARY "Savings option": "an equivalent
 * product — same generic item, compatible pack"; doc 1 leaves the rule open, docs/decisions.md
 * records it). The generic item alone is too loose: "Chicken breast boneless skinless" covers the
 * 4 OZ to the 10 OZ portion, and "Portion cup" the 1 OZ to the 5.5 OZ cup. So the item names must
 * also agree: the same name once a trailing measured size ("6 OZ", "5.5 OZ", "16 FL OZ", "2 LB")
 * is set aside, and sizes within SIZE_TOLERANCE_PERCENT of the cart item's size. Names without a
 * measured size ("Oyster Duxbury Live", "Shrimp … 16/20") must be the same name.
 */

/** How far an alternative's measured size may be from the cart item's, in percent of the cart item's size. */
export const SIZE_TOLERANCE_PERCENT = 10;

/** The weight and volume units a size in an item name may be written in, lower case, longest first. */
export const NAME_SIZE_UNITS: readonly string[] = [
  ...Object.keys(PACK_UNITS).filter((unit) => PACK_UNITS[unit].family !== 'count'),
  ...Object.keys(UOM_ALIASES).filter((alias) => {
    const unit = PACK_UNITS[UOM_ALIASES[alias]];
    return unit !== undefined && unit.family !== 'count' && alias !== UOM_ALIASES[alias];
  }),
]
  .map((unit) => unit.toLowerCase())
  .sort((a, b) => b.length - a.length || (a < b ? -1 : 1));

/**
 * The regular expression (as text, the same in JavaScript and PostgreSQL) of a measured size at the
 * end of a normalised name: the number, an optional space, the unit.
 */
export const NAME_SIZE_PATTERN = `(\\d+(?:\\.\\d+)?) ?(${NAME_SIZE_UNITS.join('|')})$`;
const NAME_SIZE = new RegExp(NAME_SIZE_PATTERN);

export interface ProductSize {
  family: UnitFamily;
  /** Grams or millilitres, exact. */
  base: Ratio;
}

export interface ProductName {
  /** The normalised name without its measured size. */
  stem: string;
  size: ProductSize | null;
}

/** Lower case, every run of white space one space, trimmed: how names are compared. */
export function normaliseProductName(name: string): string {
  return name.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Splits an item name into its stem and trailing measured size (see NAME_SIZE_PATTERN). */
export function parseProductName(name: string): ProductName {
  const normalised = normaliseProductName(name);
  const match = NAME_SIZE.exec(normalised);
  if (!match) return { stem: normalised, size: null };
  const uom = match[2].toUpperCase();
  const unit = PACK_UNITS[UOM_ALIASES[uom] ?? uom];
  const [whole, fraction = ''] = match[1].split('.');
  const amount: Ratio = { num: BigInt(whole + fraction), den: 10n ** BigInt(fraction.length) };
  return {
    stem: normalised.slice(0, match.index).trim(),
    size: { family: unit.family, base: { num: amount.num * unit.toBase.num, den: amount.den * unit.toBase.den } },
  };
}

/**
 * Whether `alt`'s measured size is within SIZE_TOLERANCE_PERCENT of `item`'s, exactly:
 * |alt − item| × 100 ≤ tolerance × item. Different families (an OZ weight and a FL OZ volume) never are.
 */
export function isSizeWithinTolerance(item: ProductSize, alt: ProductSize): boolean {
  if (item.family !== alt.family) return false;
  // alt − item = (a.num·i.den − i.num·a.den) / (a.den·i.den); item = i.num / i.den.
  const diff = alt.base.num * item.base.den - item.base.num * alt.base.den;
  const absDiff = diff < 0n ? -diff : diff;
  return absDiff * 100n <= BigInt(SIZE_TOLERANCE_PERCENT) * item.base.num * alt.base.den;
}

/**
 * Equivalence of two items of one generic product for a savings option: the same name apart from
 * a measured size, and that size within the tolerance (or neither name has one).
 */
export function areEquivalentProducts(itemName: string, altName: string): boolean {
  const item = parseProductName(itemName);
  const alt = parseProductName(altName);
  if (item.stem !== alt.stem) return false;
  if (item.size === null || alt.size === null) return item.size === alt.size;
  return isSizeWithinTolerance(item.size, alt.size);
}
