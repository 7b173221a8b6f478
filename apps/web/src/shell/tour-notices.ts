import type { SidebarLink } from '@stockpot/domain';
import { openMessageModal } from './modal-store';

type SidebarAction = Exclude<SidebarLink['to'], string>['action'];

// The tours walk through the ordering screens, so they ship with that area; until then say so plainly.
const TOUR_NOTICES: Record<Exclude<SidebarAction, 'special-request'>, { title: string; message: string }> = {
  'welcome-tour': {
    title: 'Welcome Tour',
    message: 'The welcome tour arrives with the ordering area. It will walk you through placing your first order.',
  },
  'inventory-tutorial': {
    title: 'What is Inventory View?',
    message: 'The inventory view tutorial arrives with the ordering area.',
  },
};

/** Runs a sidebar action; returns a path to open when the action is a navigation. */
export function runSidebarAction(action: SidebarAction): string | null {
  if (action === 'special-request') return '/special-request';
  openMessageModal({ id: `tour-${action}`, ...TOUR_NOTICES[action] });
  return null;
}
