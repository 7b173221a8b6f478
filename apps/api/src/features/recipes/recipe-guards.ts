/**
 * What every recipe costing service starts from: the location must have recipe costing enabled,
 * and the 404s of a recipe or menu category that is not the location's.
 */
import type { Database } from '@stockpot/db';
import { MENU_CATEGORY_NOT_FOUND } from '@stockpot/domain';
import { AppError, forbidden } from '../../platform/errors';
import * as repo from './recipes.repo';

export const RECIPE_COSTING_DISABLED = 'Recipe costing is not enabled for this location.';

export const recipeNotFound = () => new AppError(404, 'not_found', 'Recipe not found.');
export const categoryNotFound = () => new AppError(404, 'not_found', `${MENU_CATEGORY_NOT_FOUND}.`);

/** The location must have recipe costing enabled (doc 2 §6). */
export async function requireRecipeCosting(db: Database, locationId: number): Promise<string> {
  const flags = await repo.findLocationFlags(db, locationId);
  if (!flags?.displayRecipeCosting) throw forbidden(RECIPE_COSTING_DISABLED);
  return flags.today;
}
