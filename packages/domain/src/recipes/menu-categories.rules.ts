/** The message when a menu category of the same name already exists (issue 34). */
export function getMenuCategoryExistsMessage(name: string): string {
  return `A menu category named "${name}" already exists. Choose another name.`;
}

/** The name two menu categories are compared by: letter case and surrounding spaces do not make a different menu. */
export function getMenuCategoryNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en-US');
}

/**
 * The existing category a new or renamed one would duplicate (doc 2 §5 "Menu category name",
 * issue 34: one location never holds two menus of one name, case-insensitive), or undefined.
 * Renaming a category to its own name in another case is allowed.
 */
export function findMenuCategoryClash<T extends { id: number; name: string }>(
  name: string,
  categories: readonly T[],
  renamingId?: number,
): T | undefined {
  const key = getMenuCategoryNameKey(name);
  return categories.find((c) => c.id !== renamingId && getMenuCategoryNameKey(c.name) === key);
}
