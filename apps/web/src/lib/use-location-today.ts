import { useMemo } from 'react';
import { getIsoDateInTimeZone } from '@stockpot/domain';
import { useSession } from './session-store';

const DEFAULT_TIME_ZONE = 'America/New_York';

/** Today (YYYY-MM-DD) in the active location's time zone, read once per render of the page. */
export function useLocationToday(): string {
  const timeZone = useSession((s) => s.activeLocation?.timezone) ?? DEFAULT_TIME_ZONE;
  return useMemo(() => getIsoDateInTimeZone(new Date(), timeZone), [timeZone]);
}
