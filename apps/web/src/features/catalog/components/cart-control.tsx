import { useId } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconBan, IconPlus } from '@tabler/icons-react';
import {
  BLOCKED_ADD_TEXTS,
  getBlockedAddReason,
  REMOVE_ITEM_CONFIRMATION,
  type CartChangeSource,
  type ListItem,
} from '@stockpot/domain';
import type { CartItemInfo } from '../../../shared/cart/cart-sync';
import { useCartSync } from '../../../shared/cart/cart-sync-context';
import { useCartQuantity } from '../../../shared/cart/use-cart';
import { openConfirmModal } from '../../../shared/modals/modal-store';
import { QuantityStepper } from '../../../ui/quantity-stepper';

export function toCartItemInfo(item: ListItem): CartItemInfo {
  return {
    itemDistributorId: item.itemDistributorId,
    distributorId: item.distributorId,
    name: item.name,
    rebate: item.rebate,
    isUnpurchasable: item.isUnpurchasable,
    status: item.status,
    isPunchedOut: item.isPunchedOut,
  };
}

interface CartControlProps {
  item: ListItem;
  /** The row's accessible name, which makes 'Add {label}' and 'Quantity of {label}' unique. */
  label: string;
  source?: CartChangeSource;
}

/** 'Add' while the item is not in the cart, then the − input + stepper (doc 1 §5). */
export function CartControl({ item, label, source = 'list' }: CartControlProps) {
  const cartSync = useCartSync();
  const quantity = useCartQuantity(item.itemDistributorId);
  const info = toCartItemInfo(item);
  const setQuantity = (next: number) => cartSync.requestCartQuantity(info, next, { source });
  const reasonId = useId();
  const blocked = getBlockedAddReason(item, false);

  if (quantity === 0 && blocked) {
    // Call-in, out of stock or punched out (doc 1 §4 "Blocked adds"): the row says so before the click
    // (issue 23). The control stays operable (so not aria-disabled): a click opens the spec's modal,
    // which explains what to do (the punched-out notice leads to the special request).
    return (
      <Stack gap={2} align="center">
        <Button
          variant="default"
          c="dimmed"
          leftSection={<IconBan size={16} aria-hidden />}
          onClick={() => setQuantity(1)}
          aria-label={`Add ${label}`}
          aria-describedby={reasonId}
        >
          Add
        </Button>
        <Text id={reasonId} fz="xs" c="dimmed" ta="center" maw={140}>
          {BLOCKED_ADD_TEXTS[blocked].title}
        </Text>
      </Stack>
    );
  }
  if (quantity === 0) {
    return (
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => setQuantity(1)}
        aria-label={`Add ${label}`}
      >
        Add
      </Button>
    );
  }
  return (
    <QuantityStepper
      quantity={quantity}
      itemLabel={label}
      onChange={setQuantity}
      onRequestRemove={() =>
        openConfirmModal({
          id: 'remove-cart-item',
          message: REMOVE_ITEM_CONFIRMATION,
          confirmLabel: 'Remove',
          cancelLabel: 'Cancel',
          onConfirm: () => setQuantity(0),
        })
      }
    />
  );
}
