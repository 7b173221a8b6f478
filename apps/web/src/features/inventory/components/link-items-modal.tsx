import { useState } from 'react';
import { Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import {
  countActiveFilters,
  DEFAULT_ITEM_LIST_FILTERS,
  formatMoney,
  INVENTORY_TEXTS,
  truncateDescription,
  type GenericGroup,
  type ItemListFilters,
} from '@stockpot/domain';
import { FiltersPanel } from '../../../shell/filters/filters-modal';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSession } from '../../../lib/session-store';
import { LoadFailed } from '../../../ui/load-failed';
import { useLinkItems } from '../api/inventory-mutations';
import { useItemSearch, useSubRecipeSearch } from '../api/inventory-queries';
import { CustomItemForm } from './custom-item-form';
import { failureText } from './failure-text';

/**
 * Add/Link items (doc 2 §2 "Dialogs"): search the catalogue (30 a page), narrowed by the Filters
 * panel (distributors, shopping lists, past orders; Reset/Apply) and, where recipe costing is
 * enabled, the location's sub-recipes; tick them (or 'Link All Items' for every result shown),
 * Link; or add a custom item.
 */
export function LinkItemsModal({ listId, group, onClose }: { listId: number; group: GenericGroup; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<number[]>([]);
  const [chosenSubs, setChosenSubs] = useState<number[]>([]);
  const hasRecipes = useSession((s) => s.activeLocation?.display_recipe_costing === 1);
  const [isCustom, setIsCustom] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [filters, setFilters] = useState<ItemListFilters>(DEFAULT_ITEM_LIST_FILTERS);
  const [isFiltersOpen, setIsFiltersOpen] = useState(false);
  const activeFilters = countActiveFilters(filters);
  const results = useItemSearch(listId, group.id, debounced, filters);
  const unlinkedShown = (results.data?.data ?? []).filter((row) => !row.isLinked).map((row) => row.itemDistributorId);
  const canLinkAll = unlinkedShown.some((id) => !chosen.includes(id));
  const subRecipes = useSubRecipeSearch(debounced, hasRecipes);
  const link = useLinkItems(listId, group.id);
  const linkedSubs = new Set(
    (group.items ?? []).flatMap((item) => (item.isSubRecipe && item.subRecipeId ? [item.subRecipeId] : [])),
  );
  const count = chosen.length + chosenSubs.length;

  const toggle = (id: number) => setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const toggleSub = (id: number) => setChosenSubs((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const save = () =>
    link.mutate(
      { items: chosen, subrecipes: chosenSubs },
      {
        onSuccess: onClose,
        onError: (failure) => setError(failureText(failure)),
      },
    );

  return (
    <Modal
      opened
      onClose={onClose}
      title={isCustom ? `Add Custom Item to ${group.name}` : `Add/Link items to ${group.name}`}
      size="lg"
      centered
    >
      {isCustom ? (
        <CustomItemForm listId={listId} groupId={group.id} onDone={onClose} onBack={() => setIsCustom(false)} />
      ) : (
        <Stack gap="sm">
          <Group gap="xs" align="end" wrap="nowrap">
            <TextInput
              label="Search items"
              placeholder="Name, DIN or brand"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              data-autofocus
              style={{ flex: 1 }}
            />
            <Button variant="default" onClick={() => setIsFiltersOpen((open) => !open)} aria-expanded={isFiltersOpen}>
              Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
            </Button>
          </Group>
          {isFiltersOpen ? (
            <div role="group" aria-label="Filters">
              <FiltersPanel
                value={filters}
                isOpen
                onApply={(next) => {
                  setFilters(next);
                  setIsFiltersOpen(false);
                }}
              />
            </div>
          ) : results.isError ? (
            <LoadFailed title="The items could not be loaded." onRetry={() => void results.refetch()} />
          ) : results.isPending ? (
            <Loader size="sm" aria-label="Loading items" />
          ) : results.data.data.length === 0 ? (
            <Text c="dimmed">{INVENTORY_TEXTS.noResults}</Text>
          ) : (
            <ScrollArea.Autosize mah={360}>
              <Stack gap={6}>
                {results.data.data.map((row) => (
                  <Checkbox
                    key={row.itemDistributorId}
                    checked={row.isLinked || chosen.includes(row.itemDistributorId)}
                    disabled={row.isLinked}
                    onChange={() => toggle(row.itemDistributorId)}
                    label={`${truncateDescription(row.name)} · ${row.distributor} · ${row.packSize} · ${formatMoney(row.price)}${row.isLinked ? ' (linked)' : ''}`}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          {hasRecipes && subRecipes.data && subRecipes.data.length > 0 && (
            <Stack gap={6} role="group" aria-label="Sub-recipes">
              <Text fw={600} fz="sm">
                Sub-recipes
              </Text>
              <ScrollArea.Autosize mah={160}>
                <Stack gap={6}>
                  {subRecipes.data.map((row) => (
                    <Checkbox
                      key={row.id}
                      checked={linkedSubs.has(row.id) || chosenSubs.includes(row.id)}
                      disabled={linkedSubs.has(row.id)}
                      onChange={() => toggleSub(row.id)}
                      label={`${truncateDescription(row.name)} · Sub-recipe · ${row.detail}${linkedSubs.has(row.id) ? ' (linked)' : ''}`}
                    />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </Stack>
          )}
          {hasRecipes && subRecipes.isError && (
            <LoadFailed title="The sub-recipes could not be loaded." onRetry={() => void subRecipes.refetch()} />
          )}
          {error && (
            <Text c="red" role="alert" fz="sm">
              {error}
            </Text>
          )}
          <Group justify="space-between">
            <Group gap="xs">
              <Button variant="subtle" onClick={() => setIsCustom(true)}>
                Add Custom Item
              </Button>
              <Button
                variant="subtle"
                disabled={!canLinkAll || isFiltersOpen}
                onClick={() => setChosen((ids) => [...new Set([...ids, ...unlinkedShown])])}
              >
                Link All Items
              </Button>
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={save} disabled={count === 0} loading={link.isPending}>
                {count > 1 ? `Link ${count} items` : 'Link'}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
