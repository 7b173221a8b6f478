import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  formatFoodCostPercent,
  formatMoney,
  getRecipeRange,
  MENU_NOT_FOUND,
  RECIPES_SCROLL_THRESHOLD_PX,
  type RecipeRangeKind,
  type RecipeRow,
} from '@stockpot/domain';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { DeleteRecipeButton } from '../components/delete-recipe-button';
import { LoadFailed } from '../../../ui/load-failed';
import { useDeleteRecipes, useDuplicateRecipes, useMenuCategories, usePrintRecipes, useRecipeTable } from '../api/recipes-api';
import { failureText } from '../components/failure-text';
import { useLocationToday } from '../components/location-today';
import classes from '../components/recipes.module.css';
import { NotFoundModal } from '../components/not-found-modal';

const TABS: { value: RecipeRangeKind; label: string }[] = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'ytd', label: 'Year to Date' },
  { value: 'custom', label: 'Custom' },
];

type SortKey = 'price' | 'totalCost' | 'foodCostPercent' | 'posQuantitySold' | 'posTotalSold';

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: SortKey;
  sort: string;
  onSort: (s: string) => void;
}) {
  const state = sort === sortKey ? 'ascending' : sort === `-${sortKey}` ? 'descending' : 'none';
  return (
    <Table.Th aria-sort={state}>
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(sort === sortKey ? `-${sortKey}` : sortKey)}>
        {label}
        {state === 'ascending' ? ' ▲' : state === 'descending' ? ' ▼' : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/** /recipe-costing/{menuId}: the recipe table of a menu category (doc 2 §2). */
export function RecipeTablePage() {
  const menuId = Number(useParams().menuId);
  const today = useLocationToday();
  const categories = useMenuCategories();
  const [tab, setTab] = useState<RecipeRangeKind>('weekly');
  const [customStart, setCustomStart] = useState('');
  const [customEnd, setCustomEnd] = useState('');
  const [sort, setSort] = useState('name');
  const range = useMemo(() => {
    if (tab !== 'custom') return getRecipeRange(tab, today);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(customStart) || !/^\d{4}-\d{2}-\d{2}$/.test(customEnd)) return null;
    return getRecipeRange('custom', today, { start: customStart, end: customEnd });
  }, [tab, today, customStart, customEnd]);
  const table = useRecipeTable(menuId, range, sort);
  const rows: RecipeRow[] = useMemo(() => table.data?.pages.flatMap((p) => p.data) ?? [], [table.data]);
  // Selection resets when the list changes (doc 2 §4): it belongs to one menu, range and sort.
  const listKey = `${menuId}|${tab}|${sort}|${customStart}|${customEnd}`;
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: listKey, ids: [] });
  // Only rows still listed count: a recipe deleted from its own row leaves the selection with it.
  const selected = selection.key === listKey ? selection.ids.filter((id) => rows.some((r) => r.id === id)) : [];
  const setSelected = (next: number[] | ((ids: number[]) => number[])) =>
    setSelection({ key: listKey, ids: typeof next === 'function' ? next(selected) : next });
  const duplicate = useDuplicateRecipes();
  const print = usePrintRecipes();
  const remove = useDeleteRecipes();
  // A phone shows name, Food Cost % and Details without a sideways swipe (issue 34); the rest is on desktop.
  const isDesktop = useIsDesktop();
  const menu = categories.data?.find((c) => c.value === menuId);

  // Infinite scroll: the next page loads within 300 px of the page bottom (doc 2 §9).
  useEffect(() => {
    const onScroll = () => {
      const distance = document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
      if (distance < RECIPES_SCROLL_THRESHOLD_PX && table.hasNextPage && !table.isFetchingNextPage) void table.fetchNextPage();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, [table]);

  const allSelected = rows.length > 0 && selected.length === rows.length;
  const onError = (e: unknown) => openMessageModal({ message: failureText(e) });

  if (categories.isSuccess && !menu) return <NotFoundModal message={MENU_NOT_FOUND} to="/recipe-costing" />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Anchor component={Link} to="/recipe-costing" size="sm">
            Menu
          </Anchor>
          <Title order={1}>{menu?.label ?? ' '}</Title>
        </div>
        <Button component={Link} to={`/recipe-costing/new-recipe?menuId=${menuId}`}>
          New Recipe
        </Button>
      </Group>
      <Tabs value={tab} onChange={(v) => setTab((v as RecipeRangeKind) ?? 'weekly')}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'custom' && (
        <Group>
          <TextInput type="date" label="Start Date" value={customStart} onChange={(e) => setCustomStart(e.currentTarget.value)} />
          <TextInput type="date" label="End Date" value={customEnd} onChange={(e) => setCustomEnd(e.currentTarget.value)} />
        </Group>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          disabled={selected.length === 0}
          loading={duplicate.isPending}
          onClick={() => duplicate.mutate(selected, { onError, onSuccess: () => setSelected([]) })}
        >
          Duplicate
        </Button>
        <Button
          variant="default"
          disabled={selected.length === 0}
          loading={print.isPending}
          onClick={() => print.mutate(selected, { onError })}
        >
          Print
        </Button>
        <Button
          color="red"
          variant="light"
          disabled={selected.length === 0}
          loading={remove.isPending}
          onClick={() =>
            openConfirmModal({
              message: 'Delete selected recipe(s)?',
              confirmLabel: 'Delete',
              onConfirm: () => remove.mutate(selected, { onError, onSuccess: () => setSelected([]) }),
            })
          }
        >
          Delete
        </Button>
      </Group>
      {tab === 'custom' && range === null ? (
        <Text c="dimmed">Choose a start date and an end date.</Text>
      ) : table.isPending ? (
        <Stack role="status" aria-busy="true" aria-label="Loading recipes">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Stack>
      ) : table.isError ? (
        <LoadFailed title="The recipes could not be loaded." onRetry={() => void table.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">There are no recipes here yet!</Text>
      ) : (
        <Table.ScrollContainer minWidth={isDesktop ? 760 : 0}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Checkbox
                    aria-label="Select all recipes"
                    checked={allSelected}
                    indeterminate={selected.length > 0 && !allSelected}
                    onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.id))}
                  />
                </Table.Th>
                <Table.Th aria-sort={sort === 'name' ? 'ascending' : sort === '-name' ? 'descending' : 'none'}>
                  <UnstyledButton className={classes.sortButton} onClick={() => setSort(sort === 'name' ? '-name' : 'name')}>
                    Menu Item Name{sort === 'name' ? ' ▲' : sort === '-name' ? ' ▼' : ''}
                  </UnstyledButton>
                </Table.Th>
                {isDesktop && <SortHeader label="Menu Price" sortKey="price" sort={sort} onSort={setSort} />}
                {isDesktop && <SortHeader label="Food Cost" sortKey="totalCost" sort={sort} onSort={setSort} />}
                <SortHeader label="Food Cost %" sortKey="foodCostPercent" sort={sort} onSort={setSort} />
                {isDesktop && <SortHeader label="POS: QTY" sortKey="posQuantitySold" sort={sort} onSort={setSort} />}
                {isDesktop && <SortHeader label="POS: Total Sold" sortKey="posTotalSold" sort={sort} onSort={setSort} />}
                <Table.Th>
                  <VisuallyHidden>Details</VisuallyHidden>
                </Table.Th>
                <Table.Th>
                  <VisuallyHidden>Delete</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${row.name}`}
                      checked={selected.includes(row.id)}
                      onChange={() => setSelected((s) => (s.includes(row.id) ? s.filter((id) => id !== row.id) : [...s, row.id]))}
                    />
                  </Table.Td>
                  <Table.Td>
                    {row.name}
                    {row.isSubRecipe && (
                      <Text span c="dimmed" size="xs">
                        {' '}
                        (sub-recipe)
                      </Text>
                    )}
                  </Table.Td>
                  {isDesktop && <Table.Td>{row.price === null ? '—' : formatMoney(row.price)}</Table.Td>}
                  {isDesktop && <Table.Td>{formatMoney(row.totalCost)}</Table.Td>}
                  <Table.Td>{formatFoodCostPercent(row.foodCostPercent)}</Table.Td>
                  {isDesktop && <Table.Td>{row.posQuantitySold}</Table.Td>}
                  {isDesktop && <Table.Td>{formatMoney(row.posTotalSold)}</Table.Td>}
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/recipe-costing/${menuId}/recipe/${row.id}`}
                      aria-label={`Details of ${row.name}`}
                    >
                      Details
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <DeleteRecipeButton recipe={row} variant="icon" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {table.isFetchingNextPage && <Loader size="sm" aria-label="Loading more recipes" />}
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
