/**
 * Priced sources (doc 2 §2 "Recipe costing"): a thing an ingredient is bought as (a catalogue offer,
 * a sub-recipe, a generic group's linked item) as the costing engine prices it — one pack unit's
 * price and the item an ingredient shows — and what an amount of it costs in the recipe's units.
 */
import { parseCents } from '../money/money.rules';
import { parsePackSize, type PackSize, type Ratio } from '../catalog/pack-size.rules';
import { roundRatio } from '../units/ratio';
import { getDefaultPackUnit, getIngredientCost, getItemPriceInUnit, parseFraction } from './recipes.rules';
import type { OfferRow } from './cost-book';
import type { IngredientItem } from './recipes.schema';

/** A stored fraction as a ratio, or the fallback's when it does not read. */
export const ratioOf = (text: string | undefined, fallback: string): Ratio =>
  parseFraction(text ?? '') ?? parseFraction(fallback)!;

/** One pack unit's price (1/10000 dollars) of a priced thing, and its pack unit. */
export interface PricedSource {
  unitPrice: (unit: string) => Ratio | null;
  packUnit: string;
  item: IngredientItem;
}

export const emptyItem = (): IngredientItem => ({
  description: '',
  din: '',
  price: 0,
  unitPrice: null,
  brand: '',
  distributor: '',
  packSize: '',
  packSizeUom: '',
  customPackSize: null,
  imageUrl: '',
  brandImageUrl: '',
  isPunchedOut: false,
  isSubRecipe: false,
  isCustomItem: false,
  itemDistributorId: null,
  genericItemId: null,
  genericCustomItemId: null,
  subRecipeId: null,
  costing: null,
});

export function pricedOffer(offer: OfferRow, customPackSize: string | null = null): PricedSource {
  const pack: PackSize | null = parsePackSize(customPackSize ?? offer.packSize);
  const price = parseCents(offer.price);
  const packUnit = getDefaultPackUnit(pack, offer.unitMeasure);
  const perUnit = getItemPriceInUnit(price, offer.unitMeasure, pack, packUnit);
  return {
    unitPrice: (unit) => getItemPriceInUnit(price, offer.unitMeasure, pack, unit),
    packUnit,
    item: {
      ...emptyItem(),
      description: offer.description,
      din: offer.din,
      price,
      unitPrice: perUnit ? Number(roundRatio(perUnit.num, perUnit.den)) : null,
      brand: offer.brand,
      distributor: offer.distributor,
      packSize: offer.packSize,
      packSizeUom: offer.packSizeUom,
      customPackSize,
      imageUrl: offer.imageUrl,
      brandImageUrl: offer.brandImageUrl,
      isPunchedOut: offer.isPunchedOut,
      itemDistributorId: offer.itemDistributorId,
    },
  };
}

export interface Conversion {
  recipeUnit: string;
  recipePackSize: Ratio;
  conversionPackSize: Ratio;
  packUnit: string;
  waste: Ratio;
}

/** Cents of `amount` recipe units of a priced thing, or null when its unit does not convert. */
export function costOf(priced: PricedSource, amount: Ratio, conversion: Conversion): number | null {
  const packUnitPrice = priced.unitPrice(conversion.packUnit);
  if (!packUnitPrice) return null;
  return getIngredientCost({
    recipeAmount: amount,
    recipePackSize: conversion.recipePackSize,
    conversionPackSize: conversion.conversionPackSize,
    packUnitPrice,
    wastePercentage: conversion.waste,
  });
}
