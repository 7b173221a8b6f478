import { Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useIsOnline } from '../lib/use-is-online';

export const OFFLINE_BANNER_TEXT = 'You are offline — counts are saved on this device';
const BANNER_HEIGHT = 44;

/**
 * The one offline notice of the app (issue 40): while the browser has no network, a bar along the
 * bottom of every page says so, and the pages' own failed-load alerts stay quiet (ui/load-failed),
 * so a counter in the walk-in sees one clear line instead of "could not be loaded" on every card.
 * At the bottom, so the header (cart, location, unsynced badge) stays where it always is.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <>
      {/* Room under the page, so the bar never hides its last row. */}
      <div style={{ height: BANNER_HEIGHT }} aria-hidden />
      <Group
        role="status"
        aria-live="polite"
        gap="xs"
        justify="center"
        wrap="nowrap"
        px="md"
        bg="dark.7"
        c="white"
        style={{ position: 'fixed', insetInline: 0, bottom: 0, minHeight: BANNER_HEIGHT, zIndex: 400 }}
      >
        <IconWifiOff size={18} aria-hidden />
        <Text fz="sm" fw={600}>
          {OFFLINE_BANNER_TEXT}
        </Text>
      </Group>
    </>
  );
}
