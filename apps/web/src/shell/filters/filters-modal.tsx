import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Loader, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DEFAULT_ITEM_LIST_FILTERS, type ItemListFilters } from '@stockpot/domain';
import { useDistributors, usePastOrderOptions, useShoppingListOptions } from '../../shared/ordering-options/use-ordering-options';
import classes from './filters-modal.module.css';

export interface FiltersModalProps {
  opened: boolean;
  onClose: () => void;
  /** The filters in force when the modal opens. */
  value: ItemListFilters;
  onApply: (filters: ItemListFilters) => void;
}

/** Past orders beyond this many get a search box (issue 23: about 50 checkboxes and no way to find one). */
const PAST_ORDER_SEARCH_FROM = 8;

/** The past orders whose label holds the search text (any case); chosen ones always stay in view. */
function filterPastOrders<T extends { id: number; label: string }>(orders: T[], search: string, chosen: number[]): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return orders;
  return orders.filter((order) => chosen.includes(order.id) || order.label.toLowerCase().includes(needle));
}

function toggle(ids: number[], id: number, isOn: boolean): number[] {
  return isOn ? [...new Set([...ids, id])] : ids.filter((existing) => existing !== id);
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={classes.section}>
      <legend className={classes.legend}>{legend}</legend>
      <Stack gap={8}>{children}</Stack>
    </fieldset>
  );
}

function LoadState({
  isLoading,
  error,
  what,
  onRetry,
}: {
  isLoading: boolean;
  error: unknown;
  what: string;
  onRetry: () => void;
}) {
  if (isLoading) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text fz="sm" c="dimmed">
          Loading {what}…
        </Text>
      </Group>
    );
  }
  if (!error) return null;
  return (
    <Group gap="xs">
      <Text fz="sm" c="dimmed">
        The {what} could not be loaded.
      </Text>
      <Button size="compact-sm" variant="subtle" onClick={onRetry}>
        Try again
      </Button>
    </Group>
  );
}

/**
 * The filters modal of doc 1 §2, shared by the list view, /shopping-lists and analytics' item
 * lookup: the filters panel in a modal; Apply closes it.
 */
export function FiltersModal({ opened, onClose, value, onApply }: FiltersModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Filters" centered size="md">
      <FiltersPanel
        value={value}
        isOpen={opened}
        onApply={(filters) => {
          onApply(filters);
          onClose();
        }}
      />
    </Modal>
  );
}

/**
 * The filter choices (doc 1 §2): Purchased Items Only, All Distributors, All Shopping Lists and
 * Past Orders, with Reset (back to no filter, still to be applied) and Apply. An empty choice in a
 * section means "all". Also shown inline, as the Add/Link items dialog's Filters panel (doc 2 §2).
 */
export function FiltersPanel({
  value,
  isOpen,
  onApply,
}: {
  value: ItemListFilters;
  /** Loads the shopping lists and past orders only while shown. */
  isOpen: boolean;
  onApply: (filters: ItemListFilters) => void;
}) {
  const [draft, setDraft] = useState<ItemListFilters>(value);
  const distributors = useDistributors();
  const pastOrders = usePastOrderOptions(isOpen);
  const lists = useShoppingListOptions(isOpen);
  const shoppingLists = lists.data ?? [];
  const [pastOrderSearch, setPastOrderSearch] = useState('');
  const pastOrderOptions = (pastOrders.data ?? []).map((order) => ({
    id: order.id,
    label: `${order.createTimeDisplay} · ${order.distributor}`,
  }));
  const shownPastOrders = filterPastOrders(pastOrderOptions, pastOrderSearch, draft.pastOrderIds);

  return (
    <Stack gap="lg">
      <Switch
        label="Purchased Items Only"
        checked={draft.purchasedOnly}
        onChange={(event) => setDraft({ ...draft, purchasedOnly: event.currentTarget.checked })}
      />

      <Section legend="Distributors">
        <Checkbox
          label="All Distributors"
          checked={draft.distributorIds.length === 0}
          onChange={() => setDraft({ ...draft, distributorIds: [] })}
        />
        <LoadState
          isLoading={distributors.isLoading}
          error={distributors.error}
          what="distributors"
          onRetry={() => void distributors.refetch()}
        />
        {distributors.data?.map((distributor) => (
          <Checkbox
            key={distributor.id}
            label={distributor.nickname}
            checked={draft.distributorIds.includes(distributor.id)}
            onChange={(event) =>
              setDraft({ ...draft, distributorIds: toggle(draft.distributorIds, distributor.id, event.currentTarget.checked) })
            }
          />
        ))}
      </Section>

      <Section legend="Shopping Lists">
        <Checkbox
          label="All Shopping Lists"
          checked={draft.shoppingIds.length === 0}
          onChange={() => setDraft({ ...draft, shoppingIds: [] })}
        />
        <LoadState isLoading={lists.isLoading} error={lists.error} what="shopping lists" onRetry={() => void lists.refetch()} />
        {shoppingLists.length === 0 ? (
          lists.isLoading || lists.isError ? null : (
            <Text fz="sm" c="dimmed">
              No shopping lists yet
            </Text>
          )
        ) : (
          shoppingLists.map((list) => (
            <Checkbox
              key={list.id}
              label={list.name}
              checked={draft.shoppingIds.includes(list.id)}
              onChange={(event) =>
                setDraft({ ...draft, shoppingIds: toggle(draft.shoppingIds, list.id, event.currentTarget.checked) })
              }
            />
          ))
        )}
      </Section>

      <Section legend="Past Orders">
        <LoadState
          isLoading={pastOrders.isLoading}
          error={pastOrders.error}
          what="past orders"
          onRetry={() => void pastOrders.refetch()}
        />
        {pastOrders.data?.length === 0 && (
          <Text fz="sm" c="dimmed">
            No past orders yet
          </Text>
        )}
        {pastOrderOptions.length > PAST_ORDER_SEARCH_FROM && (
          <TextInput
            label="Search past orders"
            placeholder="Date or distributor"
            size="xs"
            value={pastOrderSearch}
            onChange={(event) => setPastOrderSearch(event.currentTarget.value)}
          />
        )}
        {pastOrderOptions.length > 0 && shownPastOrders.length === 0 && (
          <Text fz="sm" c="dimmed">
            No past orders match “{pastOrderSearch.trim()}”
          </Text>
        )}
        {shownPastOrders.map((order) => (
          <Checkbox
            key={order.id}
            label={order.label}
            checked={draft.pastOrderIds.includes(order.id)}
            onChange={(event) =>
              setDraft({ ...draft, pastOrderIds: toggle(draft.pastOrderIds, order.id, event.currentTarget.checked) })
            }
          />
        ))}
      </Section>

      <Group justify="space-between" className={classes.actions}>
        <Button variant="default" onClick={() => setDraft(DEFAULT_ITEM_LIST_FILTERS)}>
          Reset
        </Button>
        <Button onClick={() => onApply(draft)}>Apply</Button>
      </Group>
    </Stack>
  );
}
