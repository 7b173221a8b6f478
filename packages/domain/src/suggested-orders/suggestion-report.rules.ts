/** The suggested-order report (issue 37 "It learns"): per group, how often suggestions were taken and how far off. */
import type { SuggestionReportRow } from './suggested-orders.schema';

export interface SuggestionChoice {
  genericGroupId: number;
  group: string;
  suggested: number;
  ordered: number;
}

/**
 * Per group (the latest name): choices, those taken as suggested, the share taken in whole percent
 * (taken × 100 ÷ times, rounded) and the mean change ordered − suggested in cases (2 decimals).
 */
export function summariseSuggestionChoices(choices: readonly SuggestionChoice[]): SuggestionReportRow[] {
  const groups = new Map<number, { group: string; times: number; taken: number; change: number }>();
  for (const c of choices) {
    const g = groups.get(c.genericGroupId) ?? { group: c.group, times: 0, taken: 0, change: 0 };
    g.group = c.group;
    g.times += 1;
    if (c.ordered === c.suggested) g.taken += 1;
    g.change += c.ordered - c.suggested;
    groups.set(c.genericGroupId, g);
  }
  return [...groups]
    .map(([genericGroupId, g]) => ({
      genericGroupId,
      group: g.group,
      times: g.times,
      taken: g.taken,
      takenPercent: Math.round((g.taken * 100) / g.times),
      averageChange: Math.round((g.change * 100) / g.times) / 100,
    }))
    .sort((a, b) => a.group.localeCompare(b.group));
}
