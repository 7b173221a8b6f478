import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Modal, Text } from '@mantine/core';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { markPopupRead, usePopups, type Popup } from '../api/get-popups';

/**
 * The place-order pop-ups (doc 3 §2.3, §4 "Messages"): each unread location message, then the
 * broadcast, one at a time; closing one marks it read. A failed fetch or mark is only logged.
 */
export function MessagePopups() {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const popups = usePopups(locationId);
  const queryClient = useQueryClient();
  const current = popups.data?.[0];
  if (!current) return null;

  const close = () => {
    markPopupRead(current).catch((error: unknown) => console.warn('Could not mark the message read', error));
    // Shown once: the cached list drops it, so coming back to place-order does not show it again.
    queryClient.setQueryData<Popup[]>(queryKeys.messages.popups(locationId), (list) => list?.filter((p) => p !== current));
  };

  return (
    <Modal opened onClose={close} title={current.kind === 'broadcast' ? 'Announcement' : 'Message'} centered>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{current.text}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>OK</Button>
      </Group>
    </Modal>
  );
}
