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
