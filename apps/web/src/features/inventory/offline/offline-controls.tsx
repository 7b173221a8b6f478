import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Loader, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getDefaultLandingPath, INVENTORIES_TEXTS, type InventoryList } from '@stockpot/domain';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { failureText } from '../components/failure-text';
import { enterOfflineMode, leaveOfflineMode, useOfflineMode } from './offline-mode';

function refuseWithoutConnection(): boolean {
  if (navigator.onLine) return false;
  openMessageModal({ title: INVENTORIES_TEXTS.connectivityFailedTitle, message: INVENTORIES_TEXTS.connectivityFailed });
  return true;
}

/**
 * Go Offline / Go Online (doc 2 §4, §8): going offline asks, downloads the list with the loading
 * modal and says 'You are now in offline mode'; going online sends the batch and returns home.
 * Either needs a connection ('Connectivity Failed').
 */
export function OfflineToggle({ list }: { list: InventoryList }) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const location = useSession((s) => s.activeLocation);
  const mode = useOfflineMode((s) => s.mode);
  const [busy, setBusy] = useState<'download' | 'sync' | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const goOffline = () => {
    if (refuseWithoutConnection() || locationId === null) return;
    openConfirmModal({
      title: 'Go Offline',
      message: `Every generic group of ${list.name} will be saved on this device so you can count without internet. Your counts are sent when you go back online.`,
      confirmLabel: 'Go Offline',
      onConfirm: () => {
        setBusy('download');
        enterOfflineMode(locationId, list)
          .then(async () => {
            // A copy read before (an earlier offline session) must not show for this one.
            await queryClient.invalidateQueries({ queryKey: queryKeys.inventoryOffline.all() });
            openMessageModal({ title: 'Offline', message: INVENTORIES_TEXTS.offlineNow });
          })
          .catch((error: unknown) => openMessageModal({ message: failureText(error) }))
          .finally(() => setBusy(null));
      },
    });
  };
  const goOnline = () => {
    if (refuseWithoutConnection()) return;
    setBusy('sync');
    leaveOfflineMode()
      .then(async () => {
        queryClient.removeQueries({ queryKey: queryKeys.inventoryOffline.all() });
        await queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all(locationId) });
        void navigate(getDefaultLandingPath(location));
      })
      .catch((error: unknown) => openMessageModal({ message: failureText(error) }))
      .finally(() => setBusy(null));
  };

  return (
    <Group gap="xs">
      {mode ? (
        <Button size="xs" color="orange" onClick={goOnline} loading={busy === 'sync'}>
          Go Online
        </Button>
      ) : (
        <Button size="xs" variant="default" onClick={goOffline} loading={busy === 'download'}>
          Go Offline
        </Button>
      )}
      <Modal opened={busy === 'download'} onClose={() => undefined} withCloseButton={false} title="Going offline" centered>
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text fz="sm">Saving {list.name} on this device…</Text>
        </Group>
      </Modal>
    </Group>
  );
}
