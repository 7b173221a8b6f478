/** The welcome tour has 4 steps (doc 1 §4 "Tour", §9). */
export const TOUR_STEPS = 4;

/** After step 4 the tour wraps to 1. */
export function getNextTourStep(step: number): number {
  return step >= TOUR_STEPS || step < 1 ? 1 : step + 1;
}

/** Skipping resets the tour to step 1. */
export function skipTour(): number {
  return 1;
}

/** The 'What is Inventory View?' tutorial has 6 steps (doc 2 §2, §9). */
export const INVENTORY_TUTORIAL_STEPS = 6;

/**
 * The inventory tutorial's next step, or null when the last one was read: unlike the welcome tour
 * it does not wrap (not shown in the spec; its last button says Done).
 */
export function getNextInventoryTutorialStep(step: number): number | null {
  if (step < 1) return 1;
  return step >= INVENTORY_TUTORIAL_STEPS ? null : step + 1;
}
