import { create } from 'zustand';
import { getNextInventoryTutorialStep, getNextTourStep, skipTour } from '@stockpot/domain';

/** The welcome tour over the list page (doc 1 §4) or the inventory view's tutorial (doc 2 §2). */
export type TourKind = 'welcome' | 'inventory';

interface TourState {
  isRunning: boolean;
  kind: TourKind;
  /** 1 to 4 for the welcome tour, 1 to 6 for the inventory tutorial. */
  step: number;
}

/** The running tour's state, shared by the sidebar (which starts it) and the tour panel. */
export const useTourStore = create<TourState>()(() => ({ isRunning: false, kind: 'welcome', step: 1 }));

export function startWelcomeTour(): void {
  useTourStore.setState({ isRunning: true, kind: 'welcome', step: 1 });
}

export function startInventoryTutorial(): void {
  useTourStore.setState({ isRunning: true, kind: 'inventory', step: 1 });
}

/** Next: the welcome tour wraps after 4; the inventory tutorial ends after 6. */
export function nextTourStep(): void {
  const { kind, step } = useTourStore.getState();
  if (kind === 'welcome') {
    useTourStore.setState({ step: getNextTourStep(step) });
    return;
  }
  const next = getNextInventoryTutorialStep(step);
  useTourStore.setState(next === null ? { isRunning: false, step: 1 } : { step: next });
}

/** Skip ends the tour and resets it to step 1. */
export function skipWelcomeTour(): void {
  useTourStore.setState({ isRunning: false, step: skipTour() });
}

/** Marks the element a tour step points at; the tour finds the first element with it. */
export const TOUR_TARGET_ATTRIBUTE = 'data-tour-target';
export type TourTarget =
  | 'search'
  | 'filters'
  | 'add'
  | 'cart'
  | 'inventory-list'
  | 'inventory-search'
  | 'inventory-group'
  | 'inventory-on-hand'
  | 'inventory-add-group'
  | 'inventory-actions';
