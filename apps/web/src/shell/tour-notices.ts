import type { SidebarLink } from '@stockpot/domain';
import { openMessageModal } from '../shared/modals/modal-store';
import { startWelcomeTour } from './tour-store';

type SidebarAction = Exclude<SidebarLink['to'], string>['action'];

const WELCOME_TOUR_PATH = '/place-order/list';

// The inventory tutorial walks through the inventory view (doc 2); until it is built, say so plainly.
const INVENTORY_TUTORIAL_NOTICE = {
  title: 'What is Inventory View?',
  message: 'The inventory view tutorial arrives with the inventory area.',
};

/** Runs a sidebar action; returns a path to open when the action is a navigation. */
export function runSidebarAction(action: SidebarAction): string | null {
  if (action === 'special-request') return '/special-request';
  if (action === 'welcome-tour') {
    // The tour's four steps point at the list page's search, filters, an item's Add and the cart (doc 1 §4).
    startWelcomeTour();
    return WELCOME_TOUR_PATH;
  }
  openMessageModal({ id: `tour-${action}`, ...INVENTORY_TUTORIAL_NOTICE });
  return null;
}
