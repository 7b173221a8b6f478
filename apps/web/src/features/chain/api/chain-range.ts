import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ANALYTICS_FILTER_TYPES, getCustomRangeProblem, type AnalyticsFilterType } from '@stockpot/domain';

/** The chain view's time filter, kept in the address (?filter=…&start=…&end=…) as analytics keeps its own. */
export interface ChainRange {
  filterType: AnalyticsFilterType;
  startDate: string | null;
  endDate: string | null;
}

/** The API query of a range: filter_type, and the dates for CUSTOM (GET analytics' own parameters). */
export function toRangeQuery(range: ChainRange): Record<string, string> {
  return range.filterType === 'CUSTOM'
    ? { filter_type: 'CUSTOM', start_date: range.startDate ?? '', end_date: range.endDate ?? '' }
    : { filter_type: range.filterType };
}

/** Whether the range can be asked for (a CUSTOM range needs both dates in order). */
export function isRangeReady(range: ChainRange): boolean {
  return (
    range.filterType !== 'CUSTOM' || getCustomRangeProblem(range.startDate ?? undefined, range.endDate ?? undefined) === null
  );
}

export function useChainRange() {
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter');
  const filterType: AnalyticsFilterType = (ANALYTICS_FILTER_TYPES as readonly string[]).includes(filter ?? '')
    ? (filter as AnalyticsFilterType)
    : 'WEEKLY';
  const startDate = params.get('start');
  const endDate = params.get('end');
  const range = useMemo(() => ({ filterType, startDate, endDate }), [filterType, startDate, endDate]);
  const setRange = useCallback(
    (next: Partial<ChainRange>) => {
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          const apply = (key: string, value: string | null | undefined) => {
            if (value === undefined) return;
            if (value === null || value === '') merged.delete(key);
            else merged.set(key, value);
          };
          apply('filter', next.filterType);
          apply('start', next.startDate);
          apply('end', next.endDate);
          return merged;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { range, setRange };
}
