import { useCallback, useState } from 'react';
import { ActionIcon, Button, Card, EmptyState, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconListSearch, IconPencil, IconPlus, IconShoppingCartPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  buildListReorderBody,
  getBlockedAddNotice,
  getBlockedAddReason,
  getListCartTargets,
  parseListQuantity,
  type ShoppingListItem,
} from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { showBlockedAddNotice } from '../../../shared/cart/cart-sync';
import { useCartSync } from '../../../shared/cart/cart-sync-context';
import { useHasCart } from '../../../shared/cart/use-cart';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { useDeleteShoppingList, useRemoveFromList, useReorderListItem } from '../api/use-list-mutations';
import { useShoppingList } from '../api/use-shopping-list';
import { useShoppingListItems } from '../api/use-shopping-list-items';
import { ListItemRow } from '../components/list-item-row';
import { LoadingMore, LoadingRows } from '../components/list-page-states';
import { SortableListItems } from '../components/sortable-list-items';
import { useListNotFoundRedirect } from '../components/use-list-not-found';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { getListCatalogPath, getUpdateListPath, SHOPPING_LISTS_PATH } from '../paths';
import { getPagedRows } from '../../../lib/use-paged-move';
import { LoadFailed } from '../../../ui/load-failed';

/** An orderable row starts at 1 for Add to Cart; one the cart refuses starts at 0. */
const getDefaultQuantity = (item: ShoppingListItem) => (getBlockedAddReason(item, false) ? '0' : '1');

const failureText = (error: unknown) => (isApiError(error) ? error.message : 'Something went wrong. Please try again.');

/** /shopping-lists/{id}: the list's items with edit and delete icons, reorder, removal and Add to Cart (doc 1 §2). */
export function ListDetailPage({ listId }: { listId: number }) {
  const navigate = useNavigate();
  const cartSync = useCartSync();
  const hasCart = useHasCart();
  const list = useShoppingList(listId);
  const items = useShoppingListItems(listId);
  const deleteList = useDeleteShoppingList();
  const removeItem = useRemoveFromList(listId);
  const reorder = useReorderListItem(listId, (error) =>
    openMessageModal({ title: 'The item was not moved', message: failureText(error) }),
  );
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const isMissing = useListNotFoundRedirect(list.error ?? items.error);
  usePageTitle(list.data?.name ?? 'Shopping List');

  const rows = getPagedRows(items.data);
  const totalCount = items.data?.pages[0]?.meta.totalCount;
  const loadMore = useCallback(() => void items.fetchNextPage(), [items]);
  useLoadMoreOnScroll(items.hasNextPage, items.isFetchingNextPage, loadMore, rows.length);

  if (isMissing) return null;

  const quantityOf = (item: ShoppingListItem) => quantities[item.itemDistributorId] ?? getDefaultQuantity(item);

  const onMove = (from: number, to: number) => {
    const body = buildListReorderBody(rows, from, to, listId);
    if (!body) return;
    // The last row shown is not the bottom of the list while more pages wait.
    if (body.special === 'bottom' && items.hasNextPage) body.special = null;
    reorder.mutate({ from, to, body });
  };

  const confirmRemove = (item: ShoppingListItem) =>
    openConfirmModal({
      id: 'remove-list-item',
      title: 'Remove item',
      message: `Remove ${item.name} from this list? It stays in your catalogue.`,
      confirmLabel: 'Remove',
      onConfirm: () =>
        removeItem.mutate(item.itemDistributorId, {
          onError: (error) => openMessageModal({ title: 'The item was not removed', message: failureText(error) }),
        }),
    });

  const confirmDelete = () =>
    openConfirmModal({
      id: 'delete-list',
      title: 'Delete list',
      message: `Are you sure you want to delete the list "${list.data?.name ?? ''}"? Its items stay in your catalogue.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        deleteList.mutate(listId, {
          onSuccess: () => void navigate(SHOPPING_LISTS_PATH, { replace: true }),
          onError: (error) => openMessageModal({ title: 'The list was not deleted', message: failureText(error) }),
        }),
    });

  const addToCart = async () => {
    const all = list.data?.itemList ?? [];
    const chosen = all.map((item) => ({ item, quantity: parseListQuantity(quantityOf(item)) }));
    const invalid = chosen.filter((row) => row.quantity === null);
    if (invalid.length > 0) {
      openMessageModal({
        title: 'Check the quantities',
        message: `Quantities are whole numbers of up to 5 digits. Please fix: ${invalid.map((row) => row.item.name).join(', ')}.`,
      });
      return;
    }
    const wanted = chosen.filter((row) => (row.quantity ?? 0) > 0);
    if (wanted.length === 0) {
      openMessageModal({ title: 'Nothing to add', message: 'Enter a quantity above 0 for at least one item.' });
      return;
    }
    const blocked = wanted.filter((row) => getBlockedAddReason(row.item, false) !== null);
    const orderable = wanted.filter((row) => getBlockedAddReason(row.item, false) === null);
    const byId = new Map(orderable.map((row) => [row.item.itemDistributorId, row.item]));
    getListCartTargets(
      orderable.map((row) => ({ itemDistributorId: row.item.itemDistributorId, quantity: row.quantity ?? 0 })),
      cartSync.getShownQuantity,
    ).forEach((target) => cartSync.requestCartQuantity(byId.get(target.itemDistributorId)!, target.quantity));
    if (blocked.length === 1) {
      showBlockedAddNotice(getBlockedAddReason(blocked[0].item, false)!, blocked[0].item);
    } else if (blocked.length > 1) {
      openMessageModal({
        title: 'Some items were not added',
        message: `These items cannot be ordered now: ${blocked
          .map((row) => `${row.item.name} (${getBlockedAddNotice(getBlockedAddReason(row.item, false)!).title})`)
          .join(', ')}.`,
      });
    }
    await cartSync.flushCartChanges();
  };

  const name = list.data?.name;
  const isEmpty = items.isSuccess && rows.length === 0;

  let content;
  if (items.isPending) content = <LoadingRows label="Loading the list's items" />;
  else if (items.isError)
    content = <LoadFailed title="The list's items could not be loaded" onRetry={() => void items.refetch()} />;
  else if (isEmpty)
    content = (
      <Card withBorder radius="lg" padding="xl">
        <EmptyState variant="light">
          <EmptyState.Indicator>
            <IconListSearch size={28} aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>This list has no items yet</EmptyState.Title>
          <EmptyState.Description maw={460}>Search your catalogue and add the items you order together.</EmptyState.Description>
          <EmptyState.Actions>
            <Button component={Link} to={getListCatalogPath(listId)} leftSection={<IconPlus size={18} aria-hidden />}>
              Add Items
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  else
    content = (
      <Stack gap="sm">
        <SortableListItems
          items={rows}
          isBusy={items.isFetching}
          canMove={!reorder.isPending}
          onMove={onMove}
          renderRow={(item, _index, controls) => (
            <ListItemRow
              item={item}
              reorderControls={controls}
              quantity={hasCart ? quantityOf(item) : undefined}
              onQuantityChange={(value) => setQuantities((current) => ({ ...current, [item.itemDistributorId]: value }))}
              onRemove={() => confirmRemove(item)}
            />
          )}
        />
        {items.isFetchingNextPage && <LoadingMore />}
      </Stack>
    );

  return (
    <Stack gap="lg" maw={1040} mx="auto" w="100%">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap={4} wrap="nowrap">
            <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
              {name ?? '\u00a0'}
            </Title>
            <Tooltip label="Rename list">
              <ActionIcon component={Link} to={getUpdateListPath(listId)} variant="subtle" size="lg" aria-label="Rename list">
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete list">
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label="Delete list"
                onClick={confirmDelete}
                disabled={!name}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Text fz="sm" c="dimmed" aria-live="polite">
            {totalCount === undefined ? '\u00a0' : `${totalCount} ${totalCount === 1 ? 'item' : 'items'}`}
            {hasCart && !isEmpty && totalCount !== undefined ? ' · choose quantities, then add the list to your cart' : ''}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button
            component={Link}
            to={getListCatalogPath(listId)}
            variant="default"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            Add Items
          </Button>
          {hasCart && !isEmpty && (
            <Button
              leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
              onClick={() => void addToCart()}
              disabled={!list.data || rows.length === 0}
            >
              Add to Cart
            </Button>
          )}
        </Group>
      </Group>
      {content}
    </Stack>
  );
}
