import { useSession } from '../../../lib/session-store';

/** The active location's calendar date, YYYY-MM-DD (default time zone America/New_York, doc 2 §9). */
export function useLocationToday(): string {
  const timezone = useSession((s) => s.activeLocation?.timezone) ?? 'America/New_York';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return parts;
}
