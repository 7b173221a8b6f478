import { describe, expect, it } from 'vitest';
import { summariseSuggestionChoices } from './suggestion-report.rules';

describe('summariseSuggestionChoices', () => {
  it('counts suggestions taken and the mean change per group, adding up from the choices', () => {
    const rows = summariseSuggestionChoices([
      { genericGroupId: 1, group: 'Beef', suggested: 3, ordered: 3 },
      { genericGroupId: 1, group: 'Beef', suggested: 3, ordered: 5 },
      { genericGroupId: 1, group: 'Ground beef', suggested: 2, ordered: 1 },
      { genericGroupId: 2, group: 'Buns', suggested: 4, ordered: 4 },
    ]);
    expect(rows).toEqual([
      { genericGroupId: 2, group: 'Buns', times: 1, taken: 1, takenPercent: 100, averageChange: 0 },
      // (0 + 2 − 1) ÷ 3 = 0.33; 1 of 3 taken = 33%
      { genericGroupId: 1, group: 'Ground beef', times: 3, taken: 1, takenPercent: 33, averageChange: 0.33 },
    ]);
  });
});
