import { describe, expect, it } from 'vitest';
import { getNextTourStep, skipTour } from './tour.rules';

describe('tour stepping', () => {
  it('runs 1 to 4 and wraps to 1', () => {
    expect([1, 2, 3, 4].map(getNextTourStep)).toEqual([2, 3, 4, 1]);
  });
  it('resets to 1 on skip and from out-of-range steps', () => {
    expect(skipTour()).toBe(1);
    expect(getNextTourStep(0)).toBe(1);
  });
});
