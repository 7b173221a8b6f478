import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import {
  getAvailableSorts,
  getEffectiveSort,
  getItemAccessibleName,
  LIST_SORT_LABELS,
  LIST_SORTS,
  type ListItem,
  type ListSort,
} from '@stockpot/domain';
import { useItemListStore } from '../../../lib/item-list-store';
import { BarcodeSearch } from '../components/barcode-search';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session-store';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { useLocationToday } from '../../../lib/use-location-today';
import { useCustomOrder, planRowMove } from '../api/use-custom-order';
import { useItemList, useItemListKey } from '../api/use-item-list';
import { ItemRow, type RowFlags } from '../components/item-row';
import { ListSkeleton } from '../components/list-skeleton';
import { SpecialRequestPrompt } from '../components/list-states';
import { VirtualItemList } from '../components/virtual-item-list';
import classes from '../components/item-list.module.css';

// Drag and drop is only needed in the Custom sort: its code loads when that sort is chosen.
const SortableItemList = lazy(() => import('../components/sortable-item-list').then((m) => ({ default: m.SortableItemList })));
// The empty result (or a new location's first run) and the failed-load notice are rare: their code loads when first shown.
const EmptyList = lazy(() => import('../components/empty-list').then((m) => ({ default: m.EmptyList })));
const CHECK_CONNECTION = 'Check your connection, then try again.';
const LoadFailed = lazy(() => import('../../../ui/load-failed').then((m) => ({ default: m.LoadFailed })));
// The savings modal (and Mantine's Modal) loads on the first 'View savings'.
const SavingsModal = lazy(() => import('../components/savings-modal').then((m) => ({ default: m.SavingsModal })));

const ROW_HEIGHT_DESKTOP = 104;
const ROW_HEIGHT_PHONE = 196;

function isListSort(value: string): value is ListSort {
  return (LIST_SORTS as readonly string[]).includes(value);
}

function ListToolbar({ totalCount, sort }: { totalCount: number | undefined; sort: ListSort }) {
  const search = useItemListStore((s) => s.search);
  const setSearch = useItemListStore((s) => s.setSearch);
  const setSortBy = useItemListStore((s) => s.setSortBy);
  return (
    <div className={classes.toolbar}>
      <Stack gap={2}>
        <Title order={2} fz="lg">
          {search ? `Results for “${search}”` : 'Your items'}
        </Title>
        <Group gap="xs">
          <Text fz="sm" c="dimmed" aria-live="polite">
            {totalCount === undefined ? '\u00a0' : `${totalCount} ${totalCount === 1 ? 'item' : 'items'}`}
          </Text>
          {search && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => setSearch('')}
            >
              Show all items
            </Button>
          )}
        </Group>
      </Stack>
      <NativeSelect
        label="Sort by"
        value={sort}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isListSort(value)) setSortBy(value);
        }}
        data={getAvailableSorts(search).map((value) => ({ value, label: LIST_SORT_LABELS[value] }))}
        w={220}
      />
    </div>
  );
}

/**
 * /place-order/list (doc 1 §2): the distributors' items with search (header), filters (header
 * modal), sorting, infinite scroll, cart steppers, savings and the Custom drag order.
 */
export function PlaceOrderListPage() {
  usePageTitle('Place Order');
  const location = useSession((s) => s.activeLocation);
  const search = useItemListStore((s) => s.search);
  const sortBy = useItemListStore((s) => s.sortBy);
  const sort = getEffectiveSort(sortBy, search);
  const isDesktop = useIsDesktop();
  const today = useLocationToday();
  const { queryKey } = useItemListKey();
  const list = useItemList();
  const customOrder = useCustomOrder(queryKey);
  const [savingsItem, setSavingsItem] = useState<ListItem | null>(null);

  const items = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const totalCount = list.data?.pages[0]?.meta.totalCount;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const canLoadMore = hasNextPage && !isFetchNextPageError && !list.isRefetchError;

  useLoadMoreOnScroll(canLoadMore, isFetchingNextPage || list.isFetching, () => void fetchNextPage(), items.length);

  useEffect(() => {
    // Failed loads are only logged (doc 1 §8); the inline retry below is the page's own help.
    if (list.error) console.error('Could not load the items', list.error);
  }, [list.error]);

  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    // A new search, filter or sort starts at the top of page 1 (doc 1 §4).
    if (window.scrollY > 0) window.scrollTo({ top: 0 });
  }, [keyText]);

  const displayMatch = location?.display_match ?? 0;
  const displayRebate = location?.display_rebate ?? 0;
  const hasCart = location?.display_shopping_cart === 1;
  // One object while the location's flags stay the same, so the memoised rows are not re-rendered.
  const flags: RowFlags = useMemo(
    () => ({ display_match: displayMatch, display_rebate: displayRebate, hasCart }),
    [displayMatch, displayRebate, hasCart],
  );

  const renderRow = (item: ListItem, index: number, dragHandle?: ReactNode) => (
    <ItemRow
      item={item}
      label={getItemAccessibleName(item)}
      today={today}
      flags={flags}
      onViewSavings={setSavingsItem}
      dragHandle={dragHandle}
      isTourTarget={index === 0}
      index={index}
      total={totalCount}
    />
  );

  const moveRow = (from: number, to: number) => {
    const move = planRowMove(items, from, to, hasNextPage);
    if (move) customOrder.mutate(move);
  };

  let body: ReactNode;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError && items.length === 0)
    body = (
      <Suspense fallback={null}>
        <LoadFailed title="The items could not be loaded" description={CHECK_CONNECTION} onRetry={() => void list.refetch()} />
      </Suspense>
    );
  else if (items.length === 0)
    body = (
      <Suspense fallback={<ListSkeleton rows={1} />}>
        <EmptyList />
      </Suspense>
    );
  else if (sort === 'custom')
    body = (
      <Suspense fallback={<ListSkeleton rows={3} />}>
        <SortableItemList items={items} isBusy={list.isFetching} onMove={moveRow} renderRow={renderRow} />
      </Suspense>
    );
  else
    body = (
      <VirtualItemList
        items={items}
        estimatedRowHeight={isDesktop ? ROW_HEIGHT_DESKTOP : ROW_HEIGHT_PHONE}
        isBusy={list.isFetching}
        renderRow={renderRow}
      />
    );

  const hasRows = !list.isPending && items.length > 0;
  return (
    <Stack gap="md" maw={1120} mx="auto" w="100%">
      <ListToolbar totalCount={totalCount} sort={sort} />
      <BarcodeSearch />
      {body}
      {hasRows && isFetchingNextPage && (
        <div className={classes.footer}>
          <Loader size="sm" aria-label="Loading more items" />
        </div>
      )}
      {hasRows && isFetchNextPageError && (
        <Suspense fallback={null}>
          <LoadFailed
            title="The next items could not be loaded"
            description={CHECK_CONNECTION}
            onRetry={() => void fetchNextPage()}
          />
        </Suspense>
      )}
      {hasRows && !hasNextPage && <SpecialRequestPrompt />}
      {savingsItem && (
        <Suspense fallback={null}>
          <SavingsModal item={savingsItem} today={today} hasCart={flags.hasCart} onClose={() => setSavingsItem(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
