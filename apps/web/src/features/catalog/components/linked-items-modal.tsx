import { useState } from 'react';
import { Button, Group, Loader, Modal, NumberInput, Stack, Text, Title } from '@mantine/core';
import {
  LINKED_ITEM_REMOVED_MESSAGE,
  MAX_CART_QUANTITY,
  formatMoney,
  getLinkedQuantityProblem,
  truncateDescription,
  type LinkedItems,
  type ListItem,
} from '@stockpot/domain';
import { useCartSync } from '../../../shared/cart/cart-sync-context';
import { useCartQuantity } from '../../../shared/cart/use-cart';
import { isRemovedFromGroup, useLinkedItems } from '../api/use-linked-items';
import { toCartItemInfo } from './cart-control';

/** A quantity the buyer typed, and what the cart held when it was typed. */
interface Draft {
  value: number | string;
  inCart: number;
}

const rowLabel = (item: ListItem) => `${item.name} (${item.distributor})`;

function LinkedItemRow({
  item,
  draft,
  error,
  onChange,
}: {
  item: ListItem;
  draft: Draft | undefined;
  error: string | undefined;
  onChange: (draft: Draft) => void;
}) {
  const inCart = useCartQuantity(item.itemDistributorId);
  const meta = [item.brand, item.din && `DIN ${item.din}`, item.packSize].filter(Boolean).join(' · ');
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" role="listitem" aria-label={rowLabel(item)}>
      <Stack gap={0} miw={0}>
        <Text fw={600} size="sm" title={item.name}>
          {truncateDescription(item.name)}
        </Text>
        <Text size="xs" c="dimmed">
          {item.distributor} · {meta}
        </Text>
        <Text size="xs">
          {item.isMarketPrice ? 'Market price' : formatMoney(item.price)} · In cart: {inCart}
        </Text>
      </Stack>
      <NumberInput
        label="Quantity"
        aria-label={`Quantity of ${rowLabel(item)}`}
        w={96}
        min={0}
        max={MAX_CART_QUANTITY}
        allowDecimal={false}
        allowNegative={false}
        value={draft?.value ?? inCart}
        error={error}
        onChange={(value) => onChange({ value, inCart })}
      />
    </Group>
  );
}

/**
 * The linked-items modal (doc 1 §2 "Other modals", §5, §7, §8): the generic groups of the inventory
 * view that link this item, each with its orderable catalogue items, where the buyer sets cart
 * quantities. 'Update Cart' reads the groups again and runs the cart validity check on every changed
 * quantity; an item no longer in its group gets doc 1 §8's message.
 */
export function LinkedItemsModal({ item, onClose }: { item: ListItem; onClose: () => void }) {
  const linked = useLinkedItems(item.itemDistributorId);
  const cartSync = useCartSync();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [errors, setErrors] = useState<Record<number, { name: string; message: string }>>({});
  const [isRemoved, setIsRemoved] = useState(false);
  const [isChecking, setIsChecking] = useState(false);

  const items = new Map<number, ListItem>();
  for (const group of linked.data?.groups ?? []) for (const i of group.items) items.set(i.itemDistributorId, i);

  const update = async () => {
    setIsChecking(true);
    const result = await linked.refetch().finally(() => setIsChecking(false));
    const fresh: LinkedItems | undefined = result.isError ? undefined : result.data;
    if (!fresh) {
      if (isRemovedFromGroup(result.error)) setIsRemoved(true);
      return;
    }
    const groupItemIds = new Set(fresh.groups.flatMap((g) => g.items.map((i) => i.itemDistributorId)));
    const found: Record<number, { name: string; message: string }> = {};
    const changes: { item: ListItem; quantity: number }[] = [];
    for (const [key, draft] of Object.entries(drafts)) {
      const changed = items.get(Number(key));
      if (!changed || draft.value === '' || Number(draft.value) === draft.inCart) continue;
      const quantity = Number(draft.value);
      const problem = getLinkedQuantityProblem(changed, quantity, draft.inCart, groupItemIds);
      if (problem) found[changed.itemDistributorId] = { name: changed.name, message: problem.message };
      else changes.push({ item: changed, quantity });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    for (const change of changes) cartSync.requestCartQuantity(toCartItemInfo(change.item), change.quantity, { source: 'list' });
    onClose();
  };

  let body;
  if (isRemoved || isRemovedFromGroup(linked.error)) {
    body = (
      <Stack gap="md">
        <Text>{LINKED_ITEM_REMOVED_MESSAGE}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Ok!</Button>
        </Group>
      </Stack>
    );
  } else if (linked.isPending) {
    body = (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label="Loading linked items" />
      </Group>
    );
  } else if (linked.isError) {
    body = (
      <Stack gap="md">
        <Text>The linked items could not be loaded.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void linked.refetch()}>
            Try again
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="lg">
        {linked.data.groups.map((group) => (
          <Stack gap="xs" key={group.id} component="section" aria-labelledby={`linked-group-${group.id}`}>
            <Title order={3} fz="md" id={`linked-group-${group.id}`}>
              {group.name} · {group.inventoryListName}
            </Title>
            <Stack gap="sm" role="list" aria-label={`Items of ${group.name}`}>
              {group.items.map((groupItem) => (
                <LinkedItemRow
                  key={groupItem.itemDistributorId}
                  item={groupItem}
                  draft={drafts[groupItem.itemDistributorId]}
                  error={errors[groupItem.itemDistributorId]?.message}
                  onChange={(draft) => setDrafts((d) => ({ ...d, [groupItem.itemDistributorId]: draft }))}
                />
              ))}
            </Stack>
          </Stack>
        ))}
        {/* An item that left its group since the modal opened has no row left to carry its message. */}
        {Object.entries(errors)
          .filter(([id]) => !items.has(Number(id)))
          .map(([id, error]) => (
            <Text key={id} size="sm" c="red.8" role="alert">
              {error.name}: {error.message}
            </Text>
          ))}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void update()} loading={isChecking} disabled={Object.keys(drafts).length === 0}>
            Update Cart
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Linked items of ${truncateDescription(item.name)}`}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {body}
    </Modal>
  );
}
