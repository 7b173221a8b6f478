import { useSession } from '../../../lib/session-store';

/** The active location: every accounting query key carries it. */
export const useLocationId = () => useSession((s) => s.activeLocation?.id ?? null);
