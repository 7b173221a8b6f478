import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  getDefaultLandingPath,
  getListUnderInventoryText,
  INVENTORIES_TEXTS,
  INVENTORY_SORTS,
  type InventorySort,
} from '@stockpot/domain';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSession } from '../../../lib/session-store';
import { InventoryStatusControl, useDisplaysInventory } from '../../../shared/inventories/inventory-status';
import { readText, STORAGE_KEYS, writeText } from '../../../lib/storage';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { useInventoryLists } from '../api/inventory-queries';
import { BarcodeFinder } from '../components/barcode-finder';
import { GroupsOfList, GroupsSkeleton, needsNetwork } from '../components/groups-of-list';
import { InventoryDialogs, type Dialog } from '../components/inventory-dialogs';
import { OfflineToggle } from '../offline/offline-controls';
import { useOfflineGuards } from '../offline/offline-guards';
import { useOfflineMode } from '../offline/offline-mode';
import { useOfflineLists, useUnsyncedOnLoad } from '../offline/offline-queries';
import { usePageTitle } from '../../../lib/page-title';

const SORT_LABELS: Record<InventorySort, string> = { asc: 'A-Z', desc: 'Z-A', custom: 'Custom' };

function readSort(): InventorySort {
  const stored = readText(STORAGE_KEYS.inventorySort);
  return (INVENTORY_SORTS as readonly string[]).includes(stored ?? '') ? (stored as InventorySort) : 'custom';
}

/**
 * /place-order/inventory (doc 2 §2 "Inventory comparison view", "Inventory view layout"): the list
 * selector (the stored list, else the first), name search, sort (kept in local storage), Expand,
 * and the generic groups of the list. Without editComparisonView the view is read-only as doc 2
 * §5 says: counting on hand stays open.
 */
export function InventoryViewPage() {
  // The same header title as the list view: both are views of Place Order.
  usePageTitle('Place Order');
  const canEdit = useSession((s) => s.profile?.editComparisonView ?? false);
  const activeLocation = useSession((s) => s.activeLocation);
  const displaysInventory = useDisplaysInventory();
  const offlineMode = useOfflineMode((s) => s.mode);
  const isOffline = offlineMode !== null && offlineMode.locationId === activeLocation?.id;
  useOfflineGuards(isOffline);
  useUnsyncedOnLoad(isOffline);
  const onlineLists = useInventoryLists();
  const offlineLists = useOfflineLists(isOffline);
  const lists = isOffline ? offlineLists : onlineLists;
  const [chosenId, setChosenId] = useState<number | null>(() => Number(readText(STORAGE_KEYS.inventoryListId)) || null);
  const [sort, setSort] = useState<InventorySort>(readSort);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const [isAllExpanded, setIsAllExpanded] = useState(true);
  const [dialog, setDialog] = useState<Dialog>(null);

  const chooseList = (id: number) => {
    if (isOffline) {
      openMessageModal({ message: INVENTORIES_TEXTS.switchListOffline });
      return;
    }
    setChosenId(id);
    writeText(STORAGE_KEYS.inventoryListId, String(id));
  };
  const all = lists.data ?? [];
  const listId = isOffline ? offlineMode.listId : (all.find((list) => list.id === chosenId)?.id ?? all[0]?.id ?? null);
  const list = all.find((l) => l.id === listId);
  // A list counted offline on another device (doc 2 §4, §8): the view here is out of date.
  const isUnderInventoryElsewhere = !isOffline && list?.onInventory === true;

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <Group justify="space-between" align="end" wrap="wrap" gap="sm">
        <Title order={1} fz="h2">
          Inventory
        </Title>
        <Group gap="xs" data-tour-target="inventory-actions">
          {!isOffline && <InventoryStatusControl />}
          {displaysInventory && list && <OfflineToggle list={list} />}
          {canEdit && listId !== null && !isOffline && (
            <Button variant="default" size="xs" component={Link} to={`/sort-inventory/${listId}`}>
              Rearrange
            </Button>
          )}
          {canEdit && isOffline && (
            <Button variant="default" size="xs" onClick={needsNetwork}>
              Rearrange
            </Button>
          )}
          {canEdit && (
            <Button variant="default" size="xs" onClick={() => (isOffline ? needsNetwork() : setDialog({ kind: 'lists' }))}>
              Manage Inventory Lists
            </Button>
          )}
          {!isOffline && (
            <Button variant="default" size="xs" component={Link} to="/place-order/inventory/analytics">
              Price Analytics
            </Button>
          )}
        </Group>
      </Group>
      {lists.isPending ? (
        <GroupsSkeleton />
      ) : lists.isError ? (
        <LoadFailed title="The inventory lists could not be loaded." onRetry={() => void lists.refetch()} />
      ) : listId === null ? (
        <Stack gap="xs" align="start">
          <Text>There are no inventory lists yet.</Text>
          {canEdit && <Button onClick={() => setDialog({ kind: 'lists' })}>Create an inventory list</Button>}
        </Stack>
      ) : (
        <>
          {isUnderInventoryElsewhere && (
            <Alert color="yellow" role="alert">
              <Group justify="space-between" gap="xs">
                <Text fz="sm">{getListUnderInventoryText(list.name)}</Text>
                <Button size="xs" onClick={() => window.location.assign(getDefaultLandingPath(activeLocation))}>
                  Refresh
                </Button>
              </Group>
            </Alert>
          )}
          <Group gap="sm" align="end" wrap="wrap">
            <Select
              label="Inventory list"
              data-tour-target="inventory-list"
              data={all.map((list) => ({ value: String(list.id), label: list.name }))}
              value={String(listId)}
              onChange={(value) => value && chooseList(Number(value))}
              allowDeselect={false}
              w={200}
            />
            <TextInput
              label="Search generic groups"
              data-tour-target="inventory-search"
              placeholder="Group name"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={220}
            />
            <Select
              label="Sort"
              data={INVENTORY_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
              value={sort}
              onChange={(value) => {
                if (!value) return;
                setSort(value as InventorySort);
                writeText(STORAGE_KEYS.inventorySort, value);
              }}
              allowDeselect={false}
              w={120}
            />
            <Button variant="default" onClick={() => setIsAllExpanded((e) => !e)} aria-pressed={isAllExpanded}>
              {isAllExpanded ? 'Collapse' : 'Expand'}
            </Button>
          </Group>
          {!isOffline && <BarcodeFinder listId={listId} onSearchGroup={setSearch} />}
          <GroupsOfList
            key={listId}
            listId={listId}
            sort={sort}
            search={debounced}
            canEdit={canEdit}
            isAllExpanded={isAllExpanded}
            setDialog={setDialog}
            isOffline={isOffline}
          />
        </>
      )}
      <InventoryDialogs dialog={dialog} setDialog={setDialog} listId={listId} all={all} chooseList={chooseList} />
    </Stack>
  );
}
