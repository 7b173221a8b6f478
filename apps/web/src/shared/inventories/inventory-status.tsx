/**
 * The inventory status control (doc 2 §2 "Inventory status control", §4 "Inventory lifecycle"):
 * 'Start Inventory' with no inventory under way (a start date, then every on-hand value is
 * cleared), 'Review Inventory' while one is. Shown only where the location has display_inventory
 * (doc 2 §6). Shared: the inventory view shows it, the inventories area reads the same query.
 */
import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVENTORIES_TEXTS, getInventoryStatusLabel, getIsoDateInTimeZone, type PastInventory } from '@stockpot/domain';
import { api } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session-store';

export const useInventoryLocationId = () => useSession((s) => s.activeLocation?.id ?? null);
/** display_inventory of the active location (doc 2 §6: inventory controls, offline, export). */
export const useDisplaysInventory = () => useSession((s) => s.activeLocation?.display_inventory === 1);

/** Refetches every lifecycle query and the inventory view (on-hand values change with each transition). */
export function useInvalidateInventories() {
  const queryClient = useQueryClient();
  const locationId = useInventoryLocationId();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.inventories.all(locationId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all(locationId) }),
    ]);
}

/** GET inventory/active: the inventory under way, or null. */
export function useActiveInventory(enabled = true) {
  const locationId = useInventoryLocationId();
  return useQuery({
    queryKey: queryKeys.inventories.active(locationId),
    enabled,
    queryFn: ({ signal }) => api.get<PastInventory | null>('inventory/active', { signal }),
  });
}

/** POST inventory (start_date). */
export function useStartInventory() {
  const invalidate = useInvalidateInventories();
  return useMutation({
    mutationFn: (startDate: string) => api.post<PastInventory>('inventory', { start_date: startDate }),
    onSuccess: () => invalidate(),
  });
}

function StartInventoryModal({ onClose }: { onClose: () => void }) {
  const timezone = useSession((s) => s.activeLocation?.timezone ?? 'America/New_York');
  const [date, setDate] = useState(() => getIsoDateInTimeZone(new Date(), timezone));
  const start = useStartInventory();
  const failure = start.error instanceof ApiError ? start.error.message : start.error ? "Something wen't wrong" : null;
  return (
    <Modal opened onClose={onClose} title="Start Inventory" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate(date, { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          <Text fz="sm">Starting an inventory clears every on-hand value, so the count begins at zero.</Text>
          <TextInput
            type="date"
            label="Start date"
            required
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={start.isPending} disabled={!date}>
              Start
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const subscribeToConnection = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser has a connection: starting an inventory needs one (doc 2 §4). */
const useIsOnline = () => useSyncExternalStore(subscribeToConnection, () => navigator.onLine);

/** The 'Start Inventory' / 'Review Inventory' button; nothing without display_inventory. */
export function InventoryStatusControl({ disabled = false }: { disabled?: boolean }) {
  const displays = useDisplaysInventory();
  const isOnline = useIsOnline();
  const active = useActiveInventory(displays);
  const [isStarting, setIsStarting] = useState(false);
  if (!displays) return null;
  if (active.isPending)
    return (
      <Button size="xs" loading disabled>
        {INVENTORIES_TEXTS.startInventory}
      </Button>
    );
  if (active.isError)
    return (
      <Button size="xs" variant="default" onClick={() => void active.refetch()}>
        Inventory status could not be loaded: try again
      </Button>
    );
  const label = getInventoryStatusLabel(active.data?.id ?? null);
  if (active.data)
    return (
      <Button size="xs" component={Link} to="/inventory-view/review-inventory">
        {label}
      </Button>
    );
  return (
    <>
      <Button
        size="xs"
        onClick={() => setIsStarting(true)}
        disabled={disabled || !isOnline}
        title={isOnline ? undefined : INVENTORIES_TEXTS.needsNetwork}
      >
        {label}
      </Button>
      {isStarting && <StartInventoryModal onClose={() => setIsStarting(false)} />}
    </>
  );
}
