/** Menu categories (doc 2 §7 "Recipes"): list, create, rename, and delete with their recipes. */
import type { Database } from '@stockpot/db';
import { findMenuCategoryClash, getMenuCategoryExistsMessage, type MenuCategory } from '@stockpot/domain';
import { badRequest } from '../../platform/errors';
import { categoryNotFound } from './recipe-guards';
import * as repo from './menu-categories.repo';

export async function listCategories(db: Database, locationId: number): Promise<MenuCategory[]> {
  return (await repo.selectCategories(db, locationId)).map((c) => ({ value: c.id, label: c.name }));
}

/**
 * Refuses a name another menu category of the location already has, in any case (issue 34). Run
 * inside the write's transaction: the lock makes two simultaneous creates of one name queue.
 */
async function refuseCategoryClash(tx: Database, locationId: number, name: string, renamingId?: number): Promise<void> {
  await repo.lockCategoryNames(tx, locationId);
  const clash = findMenuCategoryClash(name, await repo.selectCategories(tx, locationId), renamingId);
  if (clash)
    throw badRequest(getMenuCategoryExistsMessage(clash.name), 'duplicate_menu_category', [
      { field: 'name', message: getMenuCategoryExistsMessage(clash.name) },
    ]);
}

export async function createCategory(db: Database, locationId: number, name: string): Promise<MenuCategory> {
  const id = await db.transaction(async (tx) => {
    await refuseCategoryClash(tx, locationId, name);
    return repo.insertCategory(tx, locationId, name);
  });
  return { value: id, label: name };
}

export async function renameCategory(db: Database, locationId: number, id: number, name: string): Promise<MenuCategory> {
  const renamed = await db.transaction(async (tx) => {
    if (!(await repo.findCategory(tx, locationId, id))) return false;
    await refuseCategoryClash(tx, locationId, name, id);
    return repo.updateCategory(tx, locationId, id, name);
  });
  if (!renamed) throw categoryNotFound();
  return { value: id, label: name };
}

/** Deletes the category with its recipes (decision: the 'Delete Category?' confirmation covers them). */
export async function deleteCategory(db: Database, locationId: number, id: number): Promise<{ id: number }> {
  if (!(await db.transaction((tx) => repo.deleteCategory(tx, locationId, id)))) throw categoryNotFound();
  return { id };
}
