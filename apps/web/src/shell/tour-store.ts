import { create } from 'zustand';
import { getNextTourStep, skipTour } from '@stockpot/domain';

interface TourState {
  isRunning: boolean;
  /** 1 to 4 (doc 1 §4 "Tour"). */
  step: number;
}

/** The welcome tour's state, shared by the sidebar (which starts it) and the tour itself. */
export const useTourStore = create<TourState>()(() => ({ isRunning: false, step: 1 }));

export function startWelcomeTour(): void {
  useTourStore.setState({ isRunning: true, step: 1 });
}

/** Next: 1 → 2 → 3 → 4 → 1 (getNextTourStep wraps after 4). */
export function nextTourStep(): void {
  useTourStore.setState(({ step }) => ({ step: getNextTourStep(step) }));
}

/** Skip ends the tour and resets it to step 1. */
export function skipWelcomeTour(): void {
  useTourStore.setState({ isRunning: false, step: skipTour() });
}

/** Marks the element a tour step points at; the tour finds it by this attribute. */
export const TOUR_TARGET_ATTRIBUTE = 'data-tour-target';
export type TourTarget = 'search' | 'filters' | 'add' | 'cart';
