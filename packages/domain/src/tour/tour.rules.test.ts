import { describe, expect, it } from 'vitest';
import { getNextInventoryTutorialStep, getNextTourStep, INVENTORY_TUTORIAL_STEPS, skipTour } from './tour.rules';

describe('tour stepping', () => {
  it('runs 1 to 4 and wraps to 1', () => {
    expect([1, 2, 3, 4].map(getNextTourStep)).toEqual([2, 3, 4, 1]);
  });
  it('resets to 1 on skip and from out-of-range steps', () => {
    expect(skipTour()).toBe(1);
    expect(getNextTourStep(0)).toBe(1);
  });
});

describe('inventory tutorial stepping', () => {
  it('has six steps and ends after the sixth instead of wrapping', () => {
    expect(INVENTORY_TUTORIAL_STEPS).toBe(6);
    expect([1, 2, 3, 4, 5, 6].map(getNextInventoryTutorialStep)).toEqual([2, 3, 4, 5, 6, null]);
  });
  it('starts again at 1 from an out-of-range step', () => {
    expect(getNextInventoryTutorialStep(0)).toBe(1);
    expect(getNextInventoryTutorialStep(9)).toBeNull();
  });
});
