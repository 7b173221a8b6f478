import { describe, expect, it } from 'vitest';
import { getRedirect, getSidebarLinks, type RouteFlags } from '../routing/routing.rules';
import { canOpenPos, isPosAvailable } from './pos-availability.rules';

const flags = (recipeCosting: 0 | 1): RouteFlags => ({
  display_comparison_view: 0,
  display_accounting: 0,
  display_recipe_costing: recipeCosting,
  display_shopping_cart: 1,
});

describe('POS availability (doc 2 §6, issue 34)', () => {
  it('is available only where recipe costing is enabled', () => {
    expect(isPosAvailable(flags(1))).toBe(true);
    expect(isPosAvailable(flags(0))).toBe(false);
    expect(isPosAvailable(null)).toBe(false);
  });

  it('opens on desktop only', () => {
    expect(canOpenPos(flags(1), true)).toBe(true);
    expect(canOpenPos(flags(1), false)).toBe(false);
    expect(canOpenPos(flags(0), true)).toBe(false);
  });

  it('is one rule for the menu and the route: shown exactly where it may be opened', () => {
    for (const location of [flags(0), flags(1)]) {
      for (const isDesktop of [true, false]) {
        const shown = getSidebarLinks(location, isDesktop).some((l) => l.key === 'pos');
        const reachable = getRedirect('/pos', { kind: 'member', location, isDesktop }) === null;
        expect(shown).toBe(canOpenPos(location, isDesktop));
        expect(reachable).toBe(shown);
      }
    }
  });
});
