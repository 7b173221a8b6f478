import { Fragment, lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  formatMoney,
  getDefaultLandingPath,
  getGroupUnitName,
  getListUnderInventoryText,
  INVENTORIES_TEXTS,
  INVENTORY_PAGE_SIZE_DESKTOP,
  INVENTORY_PAGE_SIZE_MOBILE,
  INVENTORY_SORTS,
  INVENTORY_TEXTS,
  type GenericGroup,
  type GroupItem,
  type InventorySort,
} from '@stockpot/domain';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { useSession } from '../../../lib/session-store';
import { InventoryStatusControl, useDisplaysInventory } from '../../../shared/inventories/inventory-status';
import { readText, STORAGE_KEYS, writeText } from '../../../lib/storage';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import {
  useCreateGroup,
  useDeleteGroup,
  useChangePackSize,
  useRemoveItem,
  useSetGroupUnit,
  useTogglePreferred,
  useUpdateGroup,
  useUpdateOnHand,
} from '../api/inventory-mutations';
import { useGroupPages, useGroupTotals, useInventoryLists } from '../api/inventory-queries';
import { AddGroupBar } from '../components/add-group-bar';
import { AddToOrderModal } from '../components/add-to-order-modal';
import { EditPackSizeModal } from '../components/edit-pack-size-modal';
import { failureText } from '../components/failure-text';

// The chart library loads with the history, not with the view.
const ItemHistoryModal = lazy(() => import('../components/item-history-modal').then((m) => ({ default: m.ItemHistoryModal })));
import { GroupCard, type GroupActions } from '../components/group-card';
import { LinkItemsModal } from '../components/link-items-modal';
import { ManageListsModal, MoveGroupModal } from '../components/list-modals';
import { OfflineToggle } from '../offline/offline-controls';
import { useOfflineGuards } from '../offline/offline-guards';
import { useOfflineMode } from '../offline/offline-mode';
import { useOfflineCount, useOfflineGroups, useOfflineLists, useUnsyncedOnLoad } from '../offline/offline-queries';

/** In offline mode only counting works; everything else names what it needs (doc 2 §4, §8). */
const needsNetwork = () => openMessageModal({ message: INVENTORIES_TEXTS.needsNetwork });

const SORT_LABELS: Record<InventorySort, string> = { asc: 'A-Z', desc: 'Z-A', custom: 'Custom' };

function readSort(): InventorySort {
  const stored = readText(STORAGE_KEYS.inventorySort);
  return (INVENTORY_SORTS as readonly string[]).includes(stored ?? '') ? (stored as InventorySort) : 'custom';
}

function GroupsSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading groups">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={180} radius="md" />
      ))}
    </Stack>
  );
}

type Dialog =
  | { kind: 'link'; group: GenericGroup }
  | { kind: 'move'; group: GenericGroup }
  | { kind: 'order'; item: GroupItem; quantity: number }
  | { kind: 'pack'; groupId: number; item: GroupItem }
  | { kind: 'history'; groupId: number; item: GroupItem; unit: string }
  | { kind: 'lists' }
  | null;

function GroupsOfList({
  listId,
  sort,
  search,
  canEdit,
  isAllExpanded,
  setDialog,
  isOffline,
}: {
  listId: number;
  sort: InventorySort;
  search: string;
  canEdit: boolean;
  isAllExpanded: boolean;
  setDialog: (dialog: Dialog) => void;
  isOffline: boolean;
}) {
  const isDesktop = useIsDesktop();
  const online = useGroupPages(
    isOffline ? null : listId,
    sort,
    search,
    isDesktop ? INVENTORY_PAGE_SIZE_DESKTOP : INVENTORY_PAGE_SIZE_MOBILE,
  );
  const offline = useOfflineGroups(isOffline ? listId : null, sort, search);
  const groups = isOffline ? offline : online;
  const loaded = isOffline ? offline.data?.data : online.data?.pages.flatMap((page) => page.data);
  const groupCount = isOffline ? (loaded?.length ?? 0) : (online.data?.pages[0]?.meta.totalCount ?? 0);
  const hasMore = !isOffline && online.hasNextPage;
  // Infinite scroll within 600 px of the bottom (doc 2 §9); the button below stays as the keyboard and screen-reader way.
  useLoadMoreOnScroll(hasMore, online.isFetchingNextPage, () => void online.fetchNextPage(), loaded?.length ?? 0);
  // With groups still to load, the list's own total comes from the totals call (doc 2 §7).
  const listTotals = useGroupTotals(hasMore && !search ? listId : null, loaded?.[0]?.id ?? null);
  const countOffline = useOfflineCount();
  const createGroup = useCreateGroup(listId);
  const updateGroup = useUpdateGroup(listId);
  const deleteGroup = useDeleteGroup(listId);
  const setUnit = useSetGroupUnit();
  const togglePreferred = useTogglePreferred();
  const [openBarAt, setOpenBarAt] = useState<number | null>(null);
  const [collapsed, setCollapsed] = useState<Record<number, boolean>>({});
  const updateOnHand = useUpdateOnHand(listId);
  const removeItem = useRemoveItem(listId);
  const changePackSize = useChangePackSize(listId);

  if (groups.isPending) return <GroupsSkeleton />;
  if (groups.isError) return <LoadFailed title="The generic groups could not be loaded." onRetry={() => void groups.refetch()} />;
  const rows = loaded ?? [];
  const loadedTotal = rows.reduce((sum, group) => sum + group.totalOnHandAmount, 0);
  const total = hasMore && !search ? listTotals.data?.comparisonViewTotalOnHandAmount : loadedTotal;
  const showError = (error: unknown) => openMessageModal({ message: failureText(error) });

  const create = async (name: string, position: number) => {
    try {
      await createGroup.mutateAsync({ name, position });
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };
  const bar = (position: number) =>
    canEdit && sort === 'custom' && !search ? (
      <AddGroupBar
        isOpen={openBarAt === position}
        onOpen={() => (isOffline ? openMessageModal({ message: INVENTORY_TEXTS.offlineAddGroup }) : setOpenBarAt(position))}
        onClose={() => setOpenBarAt(null)}
        onCreate={(name) => create(name, position)}
        isSaving={createGroup.isPending}
      />
    ) : null;

  const onlineActionsFor = (group: GenericGroup, index: number): GroupActions => ({
    onRename: (name) => updateGroup.mutate({ groupId: group.id, name }, { onError: showError }),
    onParLevel: (parLevel) => updateGroup.mutate({ groupId: group.id, parLevel }, { onError: showError }),
    onUnit: (unitId) => setUnit.mutate({ groupId: group.id, unitId }, { onError: showError }),
    onLinkItems: () => setDialog({ kind: 'link', group }),
    onAddGroupBelow: () => setOpenBarAt(index + 1),
    onAddGroupAbove: () => setOpenBarAt(index),
    onDelete: () =>
      openConfirmModal({
        message: group.belongsToRecipe ? INVENTORY_TEXTS.deleteRecipeGroup : INVENTORY_TEXTS.deleteGroup,
        confirmLabel: 'Delete',
        onConfirm: () => deleteGroup.mutate(group.id, { onError: showError }),
      }),
    onMove: () => setDialog({ kind: 'move', group }),
    onCount: (item, counts) => updateOnHand.mutate({ groupId: group.id, item, counts }, { onError: showError }),
    onTogglePreferred: (item) => togglePreferred.mutate(item.id, { onError: showError }),
    onRemoveItem: (item) =>
      openConfirmModal({
        message: `Remove ${item.name} from ${group.name}?`,
        confirmLabel: 'Remove',
        onConfirm: () => removeItem.mutate({ groupId: group.id, item }, { onError: showError }),
      }),
    onAddToOrder: (item, quantity = 1) => setDialog({ kind: 'order', item, quantity }),
    onEditPackSize: (item) => setDialog({ kind: 'pack', groupId: group.id, item }),
    onResetPackSize: (item) =>
      changePackSize.mutate({ groupId: group.id, item, body: { packSize: null } }, { onError: showError }),
    onShowHistory: (item) => setDialog({ kind: 'history', groupId: group.id, item, unit: getGroupUnitName(group) }),
  });
  const offlineActionsFor = (): GroupActions => ({
    onRename: needsNetwork,
    onParLevel: needsNetwork,
    onUnit: needsNetwork,
    onLinkItems: needsNetwork,
    onAddGroupBelow: () => openMessageModal({ message: INVENTORY_TEXTS.offlineAddGroup }),
    onAddGroupAbove: () => openMessageModal({ message: INVENTORY_TEXTS.offlineAddGroup }),
    onDelete: needsNetwork,
    onMove: needsNetwork,
    onCount: (item, counts) => void countOffline(item.id, counts).catch(showError),
    onTogglePreferred: needsNetwork,
    onRemoveItem: needsNetwork,
    onAddToOrder: needsNetwork,
    onEditPackSize: needsNetwork,
    onResetPackSize: needsNetwork,
    onShowHistory: needsNetwork,
  });
  const actionsFor = (group: GenericGroup, index: number) => (isOffline ? offlineActionsFor() : onlineActionsFor(group, index));

  return (
    <Stack gap="sm">
      <Text fz="sm" aria-live="polite">
        {search ? `Total on hand of the groups ${hasMore ? 'shown' : 'found'}` : 'Total on hand in this list'}:{' '}
        <b>{total === undefined ? '…' : formatMoney(total)}</b>
        {groups.isFetching ? ' · updating…' : ''}
      </Text>
      {rows.length === 0 && (
        <Text c="dimmed">{search ? INVENTORY_TEXTS.noResults : 'This inventory list has no generic groups yet.'}</Text>
      )}
      {bar(0)}
      {rows.map((group, index) => (
        <Fragment key={group.id}>
          <GroupCard
            group={group}
            canEdit={canEdit}
            isExpanded={!(collapsed[group.id] ?? !isAllExpanded)}
            onToggle={() => setCollapsed((c) => ({ ...c, [group.id]: !(c[group.id] ?? !isAllExpanded) }))}
            actions={actionsFor(group, index)}
          />
          {index < rows.length - 1 && bar(index + 1)}
        </Fragment>
      ))}
      {rows.length > 0 && bar(rows.length)}
      {hasMore && (
        <Group justify="center" gap="sm">
          <Text fz="sm" c="dimmed">
            Showing {rows.length} of {groupCount} generic groups
          </Text>
          <Button variant="light" onClick={() => void online.fetchNextPage()} loading={online.isFetchingNextPage}>
            Load more generic groups
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * /place-order/inventory (doc 2 §2 "Inventory comparison view", "Inventory view layout"): the list
 * selector (the stored list, else the first), name search, sort (kept in local storage), Expand,
 * and the generic groups of the list. Without editComparisonView the view is read-only as doc 2
 * §5 says: counting on hand stays open.
 */
export function InventoryViewPage() {
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
      {dialog?.kind === 'lists' && (
        <ManageListsModal lists={all} onClose={() => setDialog(null)} onCreated={(id) => chooseList(id)} />
      )}
      {dialog?.kind === 'link' && listId !== null && (
        <LinkItemsModal listId={listId} group={dialog.group} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'move' && listId !== null && (
        <MoveGroupModal listId={listId} group={dialog.group} lists={all} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'pack' && listId !== null && (
        <EditPackSizeModal listId={listId} groupId={dialog.groupId} item={dialog.item} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'history' && listId !== null && (
        <Suspense fallback={null}>
          <ItemHistoryModal
            listId={listId}
            groupId={dialog.groupId}
            item={dialog.item}
            unit={dialog.unit}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog?.kind === 'order' && (
        <AddToOrderModal item={dialog.item} quantity={dialog.quantity} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
