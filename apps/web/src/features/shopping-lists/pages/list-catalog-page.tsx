import { lazy, Suspense, useCallback, useState } from 'react';
import { Button, Card, EmptyState, Group, Indicator, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconArrowLeft, IconSearch, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  countActiveFilters,
  DEFAULT_ITEM_LIST_FILTERS,
  NO_RESULTS_TEXT,
  NO_RESULTS_TIPS,
  SEARCH_SUGGESTION_DEBOUNCE_MS,
  type ItemListFilters,
  type ShoppingList,
} from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session-store';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLocationToday } from '../../../lib/use-location-today';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { useListCatalog } from '../api/use-list-catalog';
import { useAddOneToList } from '../api/use-list-mutations';
import { useShoppingList } from '../api/use-shopping-list';
import { CatalogItemRow } from '../components/catalog-item-row';
import { LoadingMore, LoadingRows } from '../components/list-page-states';
import { useListNotFoundRedirect } from '../components/use-list-not-found';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { getListPath } from '../paths';
import classes from '../components/list-row.module.css';
import { queryKeys } from '../../../lib/query-keys';
import { LoadFailed } from '../../../ui/load-failed';

// Shared with the list view (doc 1 §2 "Filters modal: shared by the list view and /shopping-lists"); loads on first use.
const FiltersModal = lazy(() => import('../../../shell/filters/filters-modal').then((m) => ({ default: m.FiltersModal })));

/**
 * /shopping-lists/items/{id}: the catalogue searched to add items to a list (doc 1 §2): sort Most
 * Purchased, product ALL, the filters modal, infinite scroll, and POST shopping-lists/{id}/add-one.
 */
export function ListCatalogPage({ listId }: { listId: number }) {
  const queryClient = useQueryClient();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const today = useLocationToday();
  const list = useShoppingList(listId);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_SUGGESTION_DEBOUNCE_MS);
  const [filters, setFilters] = useState<ItemListFilters>(DEFAULT_ITEM_LIST_FILTERS);
  const [isFiltersOpen, setIsFiltersOpen] = useState(false);
  const catalog = useListCatalog(search, filters);
  const addOne = useAddOneToList(listId);
  const addingId = addOne.isPending ? addOne.variables : null;
  const isMissing = useListNotFoundRedirect(list.error);
  const listName = list.data?.name ?? 'the list';
  usePageTitle(list.data ? `Add Items to ${list.data.name}` : 'Add Items');

  const rows = catalog.data?.pages.flatMap((page) => page.data) ?? [];
  const totalCount = catalog.data?.pages[0]?.meta.totalCount;
  const loadMore = useCallback(() => void catalog.fetchNextPage(), [catalog]);
  useLoadMoreOnScroll(catalog.hasNextPage, catalog.isFetchingNextPage, loadMore, rows.length);

  if (isMissing) return null;
  const onList = new Set(list.data?.itemDistributorIds ?? []);
  const activeFilters = countActiveFilters(filters);

  const add = (itemDistributorId: number) => {
    addOne.mutate(itemDistributorId, {
      onSuccess: () => {
        // Mark it at once; the list itself is refreshed by the mutation.
        queryClient.setQueryData<ShoppingList>(queryKeys.shoppingLists.detail(locationId, listId), (data) =>
          data && !data.itemDistributorIds.includes(itemDistributorId)
            ? { ...data, itemDistributorIds: [...data.itemDistributorIds, itemDistributorId] }
            : data,
        );
      },
      onError: (error) =>
        openMessageModal({
          title: 'The item was not added',
          message: isApiError(error) ? error.message : 'Something went wrong. Please try again.',
        }),
    });
  };

  let content;
  if (catalog.isPending) content = <LoadingRows label="Loading items" count={4} />;
  else if (catalog.isError) content = <LoadFailed title="The items could not be loaded" onRetry={() => void catalog.refetch()} />;
  else if (rows.length === 0)
    content = (
      <Card withBorder radius="lg" padding="xl">
        <EmptyState variant="light">
          <EmptyState.Title order={2}>{NO_RESULTS_TEXT}</EmptyState.Title>
          <EmptyState.Description>
            {NO_RESULTS_TIPS.map((tip) => (
              <span key={tip} style={{ display: 'block' }}>
                {tip}
              </span>
            ))}
          </EmptyState.Description>
        </EmptyState>
      </Card>
    );
  else
    content = (
      <Stack gap="sm">
        <ul className={classes.list} aria-label="Catalogue items" aria-busy={catalog.isFetching}>
          {rows.map((item) => (
            <li key={item.itemDistributorId}>
              <CatalogItemRow
                item={item}
                today={today}
                listName={listName}
                isOnList={onList.has(item.itemDistributorId)}
                isAdding={addingId === item.itemDistributorId}
                onAdd={() => add(item.itemDistributorId)}
              />
            </li>
          ))}
        </ul>
        {catalog.isFetchingNextPage && <LoadingMore />}
      </Stack>
    );

  return (
    <Stack gap="lg" maw={1040} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} miw={0}>
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {list.data ? `Add items to ${list.data.name}` : '\u00a0'}
          </Title>
          <Text fz="sm" c="dimmed" aria-live="polite">
            {totalCount === undefined ? '\u00a0' : `${totalCount} ${totalCount === 1 ? 'item' : 'items'} · Most Purchased first`}
          </Text>
        </Stack>
        <Button component={Link} to={getListPath(listId)} variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          Back to List
        </Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          label="Search items"
          placeholder="Name, brand or DIN"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          rightSection={
            searchText ? (
              <Button variant="subtle" size="compact-xs" px={4} aria-label="Clear search" onClick={() => setSearchText('')}>
                <IconX size={14} aria-hidden />
              </Button>
            ) : null
          }
          style={{ flex: 1 }}
          type="search"
        />
        <Indicator disabled={activeFilters === 0} label={activeFilters} size={16} color="saffron.8" withBorder>
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            onClick={() => setIsFiltersOpen(true)}
          >
            Filters
          </Button>
        </Indicator>
      </Group>
      {content}
      {isFiltersOpen && (
        <Suspense fallback={null}>
          <FiltersModal opened onClose={() => setIsFiltersOpen(false)} value={filters} onApply={setFilters} />
        </Suspense>
      )}
    </Stack>
  );
}
