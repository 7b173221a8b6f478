import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { truncateDescription, type GroupItem } from '@stockpot/domain';
import { useCartSync } from '../../../shared/cart/cart-sync-context';
import { useCartQuantity } from '../../../shared/cart/use-cart';

/**
 * The add-to-order dialog of an item card (doc 2 §5: a number of at least 0). The cart's queue
 * applies its blocked-add rules (call-in, out of stock, punched out) and saves the change.
 */
export function AddToOrderModal({ item, quantity, onClose }: { item: GroupItem; quantity: number; onClose: () => void }) {
  const cartSync = useCartSync();
  const inCart = useCartQuantity(item.itemDistributorId ?? 0);
  const [value, setValue] = useState<number | string>(quantity);
  const amount = typeof value === 'number' ? value : Number(value);
  const isValid = Number.isInteger(amount) && amount >= 0;
  const add = () => {
    if (item.itemDistributorId === null || item.distributorId === null) return;
    // A refused add (call-in, out of stock, punched out) opens the cart's own explanation.
    cartSync.requestCartQuantity(
      {
        itemDistributorId: item.itemDistributorId,
        distributorId: item.distributorId,
        name: item.name,
        rebate: item.rebate,
        isUnpurchasable: item.isUnpurchasable,
        status: item.isOutOfStock ? 'inactive' : 'active',
        isPunchedOut: item.isPunchedOut,
      },
      inCart + amount,
    );
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title="Add to order" centered>
      <Stack gap="sm">
        <Text fz="sm">
          {truncateDescription(item.name)} · {item.distributor} {inCart > 0 ? `(${inCart} in the cart)` : ''}
        </Text>
        <NumberInput
          label="Quantity"
          min={0}
          allowDecimal={false}
          value={value}
          onChange={setValue}
          error={isValid ? undefined : 'Enter a number of at least 0'}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={add} disabled={!isValid || amount === 0}>
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
