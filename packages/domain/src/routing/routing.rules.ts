import type { Location } from '../auth/auth.schema';
import { canOpenPos } from '../pos/pos-availability.rules';

export type PlaceOrderView = 'list' | 'inventory';

/** The location flags the route rules read. */
export type RouteFlags = Pick<
  Location,
  'display_comparison_view' | 'display_accounting' | 'display_recipe_costing' | 'display_shopping_cart'
>;

/** Who is looking: signed out, the platform administrator, or a location member. */
export type Viewer =
  { kind: 'signed-out' } | { kind: 'admin' } | { kind: 'member'; location: RouteFlags | null; isDesktop: boolean };

export const LOGIN_PATH = '/login';
export const ADMIN_PATH = '/admin-login';
export const LOGOUT_PATH = '/logout';
/** The sales rep's accounts: the landing of a signed-in user who belongs to no location (an accepted invite; decisions.md). */
export const SALES_REP_PATH = '/sales-rep';

/** Default landing: the inventory view when the location has the comparison view, else the list (doc 3 §2.2). */
export function getDefaultLandingPath(location: Pick<RouteFlags, 'display_comparison_view'> | null): string {
  return location?.display_comparison_view === 1 ? '/place-order/inventory' : '/place-order/list';
}

/**
 * Place-order view to open (doc 1 §2 routing rules, doc 2 §2): an explicit allowed view wins;
 * without one the last used view from local storage; failing that inventory with the comparison
 * view, otherwise list. Inventory is never opened when the flag is off.
 */
export function resolvePlaceOrderView(
  requested: string | undefined,
  stored: string | null,
  location: Pick<RouteFlags, 'display_comparison_view'> | null,
): PlaceOrderView {
  const hasInventory = location?.display_comparison_view === 1;
  const isAllowed = (view: string | null | undefined): view is PlaceOrderView =>
    view === 'list' || (view === 'inventory' && hasInventory);
  if (requested !== undefined && requested !== '') {
    if (isAllowed(requested)) return requested;
    return hasInventory ? 'inventory' : 'list';
  }
  if (isAllowed(stored)) return stored;
  return hasInventory ? 'inventory' : 'list';
}

// Issue 33, defect 6: /unlock-sign-in/{token} is the link mailed when an account's sign-in is locked.
const SIGNED_OUT_PATTERNS = [/^\/login$/, /^\/sign-up\/[^/]+$/, /^\/change-password\/[^/]+$/, /^\/unlock-sign-in\/[^/]+$/];

interface MainRoute {
  pattern: RegExp;
  isAllowed?: (flags: RouteFlags | null, isDesktop: boolean) => boolean;
}

/** The main app's routes for a member (doc 3 §2.2, doc 1 §2, doc 2 §2). */
const MAIN_ROUTES: MainRoute[] = [
  { pattern: /^\/accounting(\/.*)?$/, isAllowed: (f, desktop) => desktop && f?.display_accounting === 1 },
  { pattern: /^\/analytics(\/.*)?$/, isAllowed: (_f, desktop) => desktop },
  // Issue 39: desktop only, like analytics; a user of one location is told so on the page (403).
  { pattern: /^\/chain$/, isAllowed: (_f, desktop) => desktop },
  { pattern: /^\/place-order(\/.*)?$/ },
  { pattern: /^\/recipe-costing(\/.*)?$/, isAllowed: (f) => f?.display_recipe_costing === 1 },
  { pattern: /^\/pos(\/.*)?$/, isAllowed: canOpenPos },
  { pattern: /^\/manage-cards(\/.*)?$/ },
  { pattern: /^\/shopping-lists(\/.*)?$/ },
  { pattern: /^\/help(\/.*)?$/ },
  { pattern: /^\/checkout-ordering(\/.*)?$/ },
  { pattern: /^\/special-request$/ },
  { pattern: /^\/inventory-view(\/.*)?$/, isAllowed: (f) => f?.display_comparison_view === 1 },
  { pattern: /^\/sort-inventory\/[^/]+$/, isAllowed: (f) => f?.display_comparison_view === 1 },
  { pattern: /^\/order-history(\/.*)?$/ },
  { pattern: /^\/distributor(\/.*)?$/ },
  { pattern: /^\/sales-rep(\/.*)?$/ },
];

const SALES_REP_PATTERN = /^\/sales-rep(\/\d+)?$/;

/**
 * Where a path must send this viewer, or null when the viewer may stay (doc 3 §2.1, §2.2).
 * /logout is always reachable: it is how any viewer leaves.
 */
export function getRedirect(path: string, viewer: Viewer): string | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (clean === LOGOUT_PATH) return null;
  if (viewer.kind === 'signed-out') {
    return SIGNED_OUT_PATTERNS.some((p) => p.test(clean)) ? null : LOGIN_PATH;
  }
  if (viewer.kind === 'admin') {
    return clean === ADMIN_PATH ? null : ADMIN_PATH;
  }
  // Without a location there is no buyer screen to show: a sales rep's sign-in reaches its accounts only.
  if (viewer.location === null) return SALES_REP_PATTERN.test(clean) ? null : SALES_REP_PATH;
  const route = MAIN_ROUTES.find((r) => r.pattern.test(clean));
  if (route && (route.isAllowed?.(viewer.location, viewer.isDesktop) ?? true)) return null;
  return getDefaultLandingPath(viewer.location);
}

export interface SidebarLink {
  key: string;
  label: string;
  /** A path to open, or an action the shell runs (tours, logout). */
  to: string | { action: 'welcome-tour' | 'inventory-tutorial' | 'special-request' };
}

/** The sidebar's links in order, each shown only where its flag and screen size allow (doc 3 §2.3). */
export function getSidebarLinks(location: RouteFlags | null, isDesktop: boolean, locationCount = 1): SidebarLink[] {
  const hasComparison = location?.display_comparison_view === 1;
  const links: (SidebarLink | false)[] = [
    isDesktop && { key: 'analytics', label: 'Dashboard/Analytics', to: '/analytics' },
    // Issue 39: the chain view, for a user of two or more locations (CHAIN_MIN_LOCATIONS).
    isDesktop && locationCount >= 2 && { key: 'chain', label: 'Chain', to: '/chain' },
    { key: 'place-order', label: 'Place Order', to: '/place-order' },
    isDesktop && location?.display_accounting === 1 && { key: 'accounting', label: 'Accounting', to: '/accounting' },
    { key: 'order-history', label: 'Order History', to: '/order-history' },
    hasComparison && { key: 'inventories', label: 'Inventories', to: '/inventory-view/inventories' },
    canOpenPos(location, isDesktop) && { key: 'pos', label: 'POS', to: '/pos' },
    location?.display_recipe_costing === 1 && { key: 'recipe-costing', label: 'Recipe Costing', to: '/recipe-costing' },
    { key: 'distributor', label: 'Distributor', to: '/distributor' },
    { key: 'shopping-lists', label: 'Shopping Lists', to: '/shopping-lists' },
    { key: 'help', label: 'Help / Report Issue', to: '/help' },
    { key: 'manage-cards', label: 'Manage Card', to: '/manage-cards' },
    { key: 'logout', label: 'Log Out', to: LOGOUT_PATH },
    { key: 'welcome-tour', label: 'Welcome Tour', to: { action: 'welcome-tour' } },
    hasComparison && { key: 'inventory-tutorial', label: 'What is Inventory View?', to: { action: 'inventory-tutorial' } },
    { key: 'special-request', label: 'Add Special Request', to: '/special-request' },
  ];
  return links.filter((l): l is SidebarLink => l !== false);
}

/** Width at and below which the phone layout applies. */
export const MOBILE_MAX_WIDTH = 768;
