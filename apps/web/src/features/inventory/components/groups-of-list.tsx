/** The generic groups of one inventory list: paged or offline, with their totals, add-group bars and actions. */
import { Fragment, useState } from 'react';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import {
  formatMoney,
  getGroupUnitName,
  INVENTORIES_TEXTS,
  INVENTORY_PAGE_SIZE_DESKTOP,
  INVENTORY_PAGE_SIZE_MOBILE,
  INVENTORY_TEXTS,
  type GenericGroup,
  type InventorySort,
} from '@stockpot/domain';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { useStepwiseCount } from '../../../lib/use-stepwise-count';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import {
  useChangePackSize,
  useCreateGroup,
  useDeleteGroup,
  useRemoveItem,
  useSetGroupUnit,
  useTogglePreferred,
  useUpdateGroup,
  useUpdateOnHand,
} from '../api/inventory-mutations';
import { useGroupPages, useGroupTotals } from '../api/inventory-queries';
import { useOfflineCount, useOfflineGroups } from '../offline/offline-queries';
import { AddGroupBar } from './add-group-bar';
import { failureText } from './failure-text';
import { GroupCard, type GroupActions } from './group-card';
import type { Dialog } from './inventory-dialogs';

/** In offline mode only counting works; everything else names what it needs (doc 2 §4, §8). */
export const needsNetwork = () => openMessageModal({ message: INVENTORIES_TEXTS.needsNetwork });

/** Groups drawn at once, then a step at a time (useStepwiseCount): a phone's first screen holds one or two. */
const GROUPS_DRAWN_FIRST = 2;
const GROUPS_DRAWN_A_STEP = 1;

export function GroupsSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading groups">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={180} radius="md" />
      ))}
    </Stack>
  );
}

export function GroupsOfList({
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
  const drawn = useStepwiseCount(loaded?.length ?? 0, GROUPS_DRAWN_FIRST, GROUPS_DRAWN_A_STEP);

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
      {rows.slice(0, drawn).map((group, index) => (
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
      {rows.length > 0 && drawn === rows.length && bar(rows.length)}
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
