import { useMemo } from 'react';
import { DEFAULT_TIME_ZONE, getIsoDateInTimeZone } from '@stockpot/domain';
import { useSession } from './session-store';

/**
 * The active location's time zone (taken from its address, issue 31): every date and time shown
 * for the location is in it, never in the browser's zone.
 */
export function useLocationTimeZone(): string {
  return useSession((s) => s.activeLocation?.timezone) ?? DEFAULT_TIME_ZONE;
}

/** Today (YYYY-MM-DD) in the active location's time zone, read once per render of the page. */
export function useLocationToday(): string {
  const timeZone = useLocationTimeZone();
  return useMemo(() => getIsoDateInTimeZone(new Date(), timeZone), [timeZone]);
}

/**
 * Formats today once for the stored location. The first date formatted in a time zone loads the
 * browser's time zone data (50–100 ms of a phone's CPU, measured in Chromium); started with the app,
 * that happens while the shell's code downloads instead of inside the first render of the list's
 * rows. The formatter it makes is the one the pages then reuse.
 */
export function warmLocationToday(): void {
  const timeZone = useSession.getState().activeLocation?.timezone;
  if (timeZone) getIsoDateInTimeZone(new Date(), timeZone);
}
