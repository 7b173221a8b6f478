/**
 * A generic ingredient's linked items (doc 2 §3 "Ingredient" link_items): each linked item costed
 * with the conversion the ingredient gives it, or else the automatic one.
 */
import type { Ratio } from '../catalog/pack-size.rules';
import { decimalToRatio, getAutoConversion } from './recipes.rules';
import type { GroupItemRow, IngredientDbRow } from './cost-book';
import { costOf, ratioOf, type PricedSource } from './priced-source';

interface LinkOverride {
  generic_item_id?: number;
  generic_custom_item_id?: number;
  recipe_pack_size_fraction?: string;
  conversion_pack_size_fraction?: string;
  conversion_pack_size_uom?: string;
  waste_percentage?: number;
}

/** A generic ingredient's linked item costed with its own conversion, or the automatic one. */
export function costGroupItem(
  priced: PricedSource,
  row: GroupItemRow,
  ingredient: IngredientDbRow,
  amount: Ratio,
): number | null {
  const links = Array.isArray(ingredient.linkItems) ? (ingredient.linkItems as LinkOverride[]) : [];
  const link = links.find((l) => (row.kind === 'custom' ? l.generic_custom_item_id : l.generic_item_id) === row.id);
  const waste =
    link?.waste_percentage !== undefined ? decimalToRatio(link.waste_percentage) : ratioOf(ingredient.wastePercentage, '0');
  if (link?.recipe_pack_size_fraction && link.conversion_pack_size_fraction) {
    return costOf(priced, amount, {
      recipeUnit: ingredient.recipePackSizeUom,
      recipePackSize: ratioOf(link.recipe_pack_size_fraction, '1'),
      conversionPackSize: ratioOf(link.conversion_pack_size_fraction, '1'),
      packUnit: link.conversion_pack_size_uom ?? priced.packUnit,
      waste,
    });
  }
  const auto = getAutoConversion(ingredient.recipePackSizeUom, priced.packUnit);
  if (!auto) return null;
  return costOf(priced, amount, {
    recipeUnit: ingredient.recipePackSizeUom,
    recipePackSize: decimalToRatio(auto.recipePackSizeValue),
    conversionPackSize: decimalToRatio(auto.conversionPackSizeValue),
    packUnit: priced.packUnit,
    waste,
  });
}
