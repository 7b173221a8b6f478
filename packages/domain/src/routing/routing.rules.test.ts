import { describe, expect, it } from 'vitest';
import { getDefaultLandingPath, getRedirect, getSidebarLinks, resolvePlaceOrderView, type RouteFlags } from './routing.rules';

const harborGrill: RouteFlags = {
  display_comparison_view: 1,
  display_accounting: 1,
  display_recipe_costing: 1,
  display_shopping_cart: 1,
};
const express: RouteFlags = {
  display_comparison_view: 0,
  display_accounting: 0,
  display_recipe_costing: 0,
  display_shopping_cart: 1,
};

describe('default landing', () => {
  it('opens the inventory view with the comparison flag, else the list', () => {
    expect(getDefaultLandingPath(harborGrill)).toBe('/place-order/inventory');
    expect(getDefaultLandingPath(express)).toBe('/place-order/list');
    expect(getDefaultLandingPath(null)).toBe('/place-order/list');
  });
});

describe('place-order view choice', () => {
  it('keeps an explicit allowed view', () => {
    expect(resolvePlaceOrderView('list', 'inventory', harborGrill)).toBe('list');
    expect(resolvePlaceOrderView('inventory', null, harborGrill)).toBe('inventory');
  });

  it('sends any other view to inventory with the flag and to list without', () => {
    expect(resolvePlaceOrderView('bogus', 'list', harborGrill)).toBe('inventory');
    expect(resolvePlaceOrderView('bogus', null, express)).toBe('list');
    expect(resolvePlaceOrderView('inventory', null, express)).toBe('list');
  });

  it('opens the last used view from storage when none is asked for', () => {
    expect(resolvePlaceOrderView(undefined, 'list', harborGrill)).toBe('list');
    expect(resolvePlaceOrderView(undefined, 'inventory', harborGrill)).toBe('inventory');
  });

  it('ignores a stored inventory view the location cannot show', () => {
    expect(resolvePlaceOrderView(undefined, 'inventory', express)).toBe('list');
    expect(resolvePlaceOrderView(undefined, null, harborGrill)).toBe('inventory');
  });
});

describe('route access', () => {
  const signedOut = { kind: 'signed-out' } as const;
  const admin = { kind: 'admin' } as const;
  const member = (location: RouteFlags | null, isDesktop = true) => ({ kind: 'member', location, isDesktop }) as const;

  it('lets signed-out visitors reach only login, sign-up, password reset and the unlock link', () => {
    expect(getRedirect('/login', signedOut)).toBeNull();
    expect(getRedirect('/unlock-sign-in/abc', signedOut)).toBeNull();
    expect(getRedirect('/sign-up/1', signedOut)).toBeNull();
    expect(getRedirect('/change-password/abc', signedOut)).toBeNull();
    expect(getRedirect('/place-order/list', signedOut)).toBe('/login');
    expect(getRedirect('/no/such/page', signedOut)).toBe('/login');
    expect(getRedirect('/admin-login', signedOut)).toBe('/login');
  });

  it('keeps the administrator on /admin-login and /logout', () => {
    expect(getRedirect('/admin-login', admin)).toBeNull();
    expect(getRedirect('/logout', admin)).toBeNull();
    expect(getRedirect('/place-order/list', admin)).toBe('/admin-login');
    expect(getRedirect('/login', admin)).toBe('/admin-login');
  });

  it('sends members from unknown paths and /login to the default landing', () => {
    expect(getRedirect('/login', member(harborGrill))).toBe('/place-order/inventory');
    expect(getRedirect('/whatever', member(express))).toBe('/place-order/list');
    expect(getRedirect('/admin-login', member(express))).toBe('/place-order/list');
  });

  it('applies the flag and desktop-only rules', () => {
    expect(getRedirect('/accounting', member(harborGrill))).toBeNull();
    expect(getRedirect('/accounting', member(harborGrill, false))).toBe('/place-order/inventory');
    expect(getRedirect('/accounting', member(express))).toBe('/place-order/list');
    expect(getRedirect('/recipe-costing', member(express))).toBe('/place-order/list');
    expect(getRedirect('/pos', member(express, false))).toBe('/place-order/list');
    expect(getRedirect('/pos', member(express, true))).toBe('/place-order/list');
    expect(getRedirect('/pos', member(harborGrill, true))).toBeNull();
    expect(getRedirect('/inventory-view/inventories', member(express))).toBe('/place-order/list');
    expect(getRedirect('/order-history/view/12', member(express))).toBeNull();
  });

  it('keeps a user of no location (a sales rep) on its accounts, and lets a buyer open them too', () => {
    expect(getRedirect('/sales-rep', member(null))).toBeNull();
    expect(getRedirect('/sales-rep/12', member(null, false))).toBeNull();
    expect(getRedirect('/place-order/list', member(null))).toBe('/sales-rep');
    expect(getRedirect('/login', member(null))).toBe('/sales-rep');
    expect(getRedirect('/distributor', member(null))).toBe('/sales-rep');
    expect(getRedirect('/logout', member(null))).toBeNull();
    expect(getRedirect('/sales-rep', member(express))).toBeNull();
  });
});

describe('sidebar links', () => {
  const keys = (flags: RouteFlags | null, isDesktop: boolean) => getSidebarLinks(flags, isDesktop).map((l) => l.key);

  it('shows every link for a fully enabled location on desktop, in order', () => {
    expect(keys(harborGrill, true)).toEqual([
      'analytics',
      'place-order',
      'accounting',
      'order-history',
      'inventories',
      'pos',
      'recipe-costing',
      'distributor',
      'shopping-lists',
      'help',
      'manage-cards',
      'logout',
      'welcome-tour',
      'inventory-tutorial',
      'special-request',
    ]);
  });

  it('hides desktop-only links on a phone', () => {
    const phone = keys(harborGrill, false);
    expect(phone).not.toContain('analytics');
    expect(phone).not.toContain('accounting');
    expect(phone).not.toContain('pos');
    expect(phone).toContain('inventories');
  });

  it('hides flag-bound links when the flags are off', () => {
    const links = keys(express, true);
    expect(links).not.toContain('inventories');
    expect(links).not.toContain('accounting');
    expect(links).not.toContain('recipe-costing');
    expect(links).not.toContain('inventory-tutorial');
    expect(links).not.toContain('pos');
  });

  it('shows Chain after analytics for a user of two or more locations, on desktop only (issue 39)', () => {
    const chain = (count: number, isDesktop: boolean) => getSidebarLinks(harborGrill, isDesktop, count).map((l) => l.key);
    expect(chain(3, true).slice(0, 3)).toEqual(['analytics', 'chain', 'place-order']);
    expect(chain(2, true)).toContain('chain');
    expect(chain(1, true)).not.toContain('chain');
    expect(chain(3, false)).not.toContain('chain');
    expect(getRedirect('/chain', { kind: 'member', location: harborGrill, isDesktop: true })).toBeNull();
    expect(getRedirect('/chain', { kind: 'member', location: harborGrill, isDesktop: false })).not.toBeNull();
  });

  it('labels the links as the spec writes them', () => {
    const labels = getSidebarLinks(harborGrill, true).map((l) => l.label);
    expect(labels).toContain('Help / Report Issue');
    expect(labels).toContain('What is Inventory View?');
    expect(labels).toContain('Dashboard/Analytics');
  });
});
