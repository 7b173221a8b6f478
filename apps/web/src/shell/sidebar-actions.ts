import type { SidebarLink } from '@stockpot/domain';
import { startInventoryTutorial, startWelcomeTour } from './tour-store';

type SidebarAction = Exclude<SidebarLink['to'], string>['action'];

const WELCOME_TOUR_PATH = '/place-order/list';
const INVENTORY_VIEW_PATH = '/place-order/inventory';

/** Runs a sidebar action; returns the path to open (each tour runs over its own page). */
export function runSidebarAction(action: SidebarAction): string {
  if (action === 'special-request') return '/special-request';
  if (action === 'welcome-tour') {
    // The tour's four steps point at the list page's search, filters, an item's Add and the cart (doc 1 §4).
    startWelcomeTour();
    return WELCOME_TOUR_PATH;
  }
  // Six steps over the inventory view's lists, search, groups, counts, add bars and actions (doc 2 §2).
  startInventoryTutorial();
  return INVENTORY_VIEW_PATH;
}
