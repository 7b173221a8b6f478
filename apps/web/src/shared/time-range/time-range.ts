import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ANALYTICS_FILTER_TYPES, getCustomRangeProblem, type AnalyticsFilterType } from '@stockpot/domain';

/**
 * The time filter of the analytics pages and the chain view, kept in the address (?filter=…&start=…&end=…)
 * so sub-pages share it; the API takes it as GET analytics' own parameters.
 */
export interface TimeRange {
  filterType: AnalyticsFilterType;
  startDate: string | null;
  endDate: string | null;
}

/** The API query of a range: filter_type, and the dates for CUSTOM. */
export function toRangeQuery(range: TimeRange): Record<string, string> {
  return range.filterType === 'CUSTOM'
    ? { filter_type: 'CUSTOM', start_date: range.startDate ?? '', end_date: range.endDate ?? '' }
    : { filter_type: range.filterType };
}

/** Whether the range can be asked for (a CUSTOM range needs both dates in order). */
export function isRangeReady(range: TimeRange): boolean {
  return (
    range.filterType !== 'CUSTOM' || getCustomRangeProblem(range.startDate ?? undefined, range.endDate ?? undefined) === null
  );
}

/** The range in the address, a setter, and the query string that carries it to another page. */
export function useTimeRange() {
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter');
  const filterType: AnalyticsFilterType = (ANALYTICS_FILTER_TYPES as readonly string[]).includes(filter ?? '')
    ? (filter as AnalyticsFilterType)
    : 'WEEKLY';
  const startDate = params.get('start');
  const endDate = params.get('end');
  const range = useMemo(() => ({ filterType, startDate, endDate }), [filterType, startDate, endDate]);
  const setRange = useCallback(
    (next: Partial<TimeRange>) => {
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
  /** The query string to carry the range to another page. */
  const search = useMemo(() => {
    const carried = new URLSearchParams();
    carried.set('filter', filterType);
    if (filterType === 'CUSTOM') {
      if (startDate) carried.set('start', startDate);
      if (endDate) carried.set('end', endDate);
    }
    return `?${carried.toString()}`;
  }, [filterType, startDate, endDate]);
  return { range, setRange, search };
}
