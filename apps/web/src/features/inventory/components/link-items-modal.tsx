import { useState } from 'react';
import { Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney, INVENTORY_TEXTS, truncateDescription, type GenericGroup } from '@stockpot/domain';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { LoadFailed } from '../../../ui/load-failed';
import { useItemSearch, useLinkItems } from '../api/inventory-api';
import { CustomItemForm } from './custom-item-form';
import { failureText } from './failure-text';

/** Add/Link items (doc 2 §2 "Dialogs"): search the catalogue (30 a page), tick items, Link; or add a custom item. */
export function LinkItemsModal({ listId, group, onClose }: { listId: number; group: GenericGroup; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<number[]>([]);
  const [isCustom, setIsCustom] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const results = useItemSearch(listId, group.id, debounced);
  const link = useLinkItems(listId, group.id);

  const toggle = (id: number) => setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const save = () =>
    link.mutate(chosen, {
      onSuccess: onClose,
      onError: (failure) => setError(failureText(failure)),
    });

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
          <TextInput
            label="Search items"
            placeholder="Name, DIN or brand"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-autofocus
          />
          {results.isError ? (
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
          {error && (
            <Text c="red" role="alert" fz="sm">
              {error}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => setIsCustom(true)}>
              Add Custom Item
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={save} disabled={chosen.length === 0} loading={link.isPending}>
                {chosen.length > 1 ? `Link ${chosen.length} items` : 'Link'}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
