/** The location flag POS depends on (the wire's name, as the session's location carries it). */
export interface PosLocationFlags {
  display_recipe_costing: number;
}

/**
 * Whether the location can use POS at all (doc 2 §6, issue 34): POS matches sold menu items to
 * recipes and costs them, so it exists only where recipe costing is enabled. The one rule the
 * sidebar, the route guard and the API's POS guard all read, so POS works wherever it is shown.
 */
export function isPosAvailable(location: PosLocationFlags | null): boolean {
  return location?.display_recipe_costing === 1;
}

/** Whether POS is shown and reachable on this screen: available to the location, and desktop only (doc 2 §6). */
export function canOpenPos(location: PosLocationFlags | null, isDesktop: boolean): boolean {
  return isDesktop && isPosAvailable(location);
}
