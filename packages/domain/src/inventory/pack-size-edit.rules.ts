/** Edit Packsize and Default Packsize of the inventory view (doc 2 §5, §7 "Change pack size"). */
import { parsePackSize } from '../catalog/pack-size.rules';

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
