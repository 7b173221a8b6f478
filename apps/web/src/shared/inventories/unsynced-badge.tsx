import { Badge } from '@mantine/core';
import { useOfflineMode } from './offline-mode-store';

/**
 * The unsynced badge (doc 2 §4), in the shell so it shows on every page while offline mode is on or
 * counts wait on this device: '{n} unsynced', or 'Offline mode' while nothing is counted yet.
 */
export function UnsyncedBadge() {
  const unsynced = useOfflineMode((s) => s.unsynced);
  const isOffline = useOfflineMode((s) => s.mode !== null);
  if (!isOffline && unsynced === 0) return null;
  const label =
    unsynced > 0
      ? `${unsynced} unsynced inventory ${unsynced === 1 ? 'count' : 'counts'} on this device`
      : 'Offline mode: inventory counts stay on this device';
  return (
    <Badge color={unsynced > 0 ? 'orange' : 'gray'} variant="light" role="status" aria-label={label} style={{ flexShrink: 0 }}>
      {unsynced > 0 ? `${unsynced} unsynced` : 'Offline mode'}
    </Badge>
  );
}
