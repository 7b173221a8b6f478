import { useRef, useState, type PointerEvent } from 'react';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { REMOVE_ITEM_CONFIRMATION, type CartLine } from '@stockpot/domain';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import type { CartItemInfo } from '../../../shared/cart/cart-sync';
import { useCartSync } from '../../../shared/cart/cart-sync-context';
import { useCartQuantity } from '../../../shared/cart/use-cart';
import { openConfirmModal } from '../../../shared/modals/modal-store';
import { QuantityStepper } from '../../../ui/quantity-stepper';
import { getLineName, getLineAmountText } from '../order-lines';
import { EditQuantityModal } from './edit-quantity-modal';
import { LineDetails } from './line-details';
import classes from './checkout.module.css';

const SWIPE_OPEN_PX = 96;

function toCartItemInfo(line: CartLine): CartItemInfo | null {
  if (!line.item || line.itemDistributorId === null) return null;
  return {
    itemDistributorId: line.itemDistributorId,
    distributorId: line.item.distributorId,
    name: line.item.name,
    rebate: line.item.rebate,
    isUnpurchasable: line.item.isUnpurchasable,
    status: line.item.status,
    isPunchedOut: line.item.isPunchedOut,
  };
}

interface CartLineRowProps {
  line: CartLine;
  /** Sets a line's quantity by its cart line id (0 removes it). */
  onSetQuantity: (line: CartLine, quantity: number) => void;
}

/** The stepper of a catalogue line: changes go through the cart's save queue, as on the list. */
function LineStepper({ line, info, onRemove }: { line: CartLine; info: CartItemInfo; onRemove: () => void }) {
  const cartSync = useCartSync();
  const quantity = useCartQuantity(info.itemDistributorId) || line.quantity;
  return (
    <QuantityStepper
      quantity={quantity}
      itemLabel={getLineName(line)}
      onChange={(next) => cartSync.requestCartQuantity(info, next, { source: 'list', isOnReviewOrder: true })}
      onRequestRemove={onRemove}
    />
  );
}

/**
 * One cart line of review order: details, quantity, line total and a delete button. On a phone the
 * quantity opens the edit-quantity modal and a swipe to the left uncovers Delete (doc 1 §2); the
 * delete button stays there for keyboards and screen readers.
 */
export function CartLineRow({ line, onSetQuantity }: CartLineRowProps) {
  const isDesktop = useIsDesktop();
  const [isEditing, setIsEditing] = useState(false);
  const [offset, setOffset] = useState(0);
  const start = useRef<{ x: number; base: number } | null>(null);
  const name = getLineName(line);
  const info = toCartItemInfo(line);

  const confirmRemove = () =>
    openConfirmModal({
      id: 'remove-cart-item',
      message: REMOVE_ITEM_CONFIRMATION,
      confirmLabel: 'Remove',
      cancelLabel: 'Cancel',
      onConfirm: () => onSetQuantity(line, 0),
      onCancel: () => setOffset(0),
    });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (isDesktop || event.pointerType === 'mouse') return;
    start.current = { x: event.clientX, base: offset };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const next = Math.min(0, Math.max(-SWIPE_OPEN_PX, start.current.base + event.clientX - start.current.x));
    setOffset(next);
  };
  const onPointerEnd = () => {
    if (!start.current) return;
    start.current = null;
    setOffset((current) => (current < -SWIPE_OPEN_PX / 2 ? -SWIPE_OPEN_PX : 0));
  };

  const quantityControl =
    info && isDesktop ? (
      <LineStepper line={line} info={info} onRemove={confirmRemove} />
    ) : (
      <Button
        variant="default"
        size="sm"
        onClick={() => setIsEditing(true)}
        aria-label={`Edit quantity of ${name}, ${line.quantity}`}
      >
        Qty {line.quantity}
      </Button>
    );

  return (
    <div className={classes.swipeOuter} role="listitem" aria-label={name}>
      {!isDesktop && offset !== 0 && (
        <button type="button" className={classes.swipeAction} tabIndex={-1} aria-hidden onClick={confirmRemove}>
          Delete
        </button>
      )}
      <div
        className={`${classes.swipeInner} ${classes.line}`}
        style={{ transform: offset ? `translateX(${offset}px)` : undefined }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div className={classes.lineGrid}>
          <LineDetails line={line} />
          {isDesktop ? (
            <>
              {quantityControl}
              <Text fw={600} miw={80} ta="right" aria-label={`Line total of ${name}`}>
                {getLineAmountText(line)}
              </Text>
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${name}`} onClick={confirmRemove}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </>
          ) : (
            // The phone shows the line's amount too: a catch-weight case is "≈ $482.58, about 31.5 lb", not its pound price.
            <Stack gap={2} align="flex-end">
              <Group gap={4} wrap="nowrap">
                {quantityControl}
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${name}`} onClick={confirmRemove}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
              <Text size="sm" fw={600} ta="right" maw={150} aria-label={`Line total of ${name}`}>
                {getLineAmountText(line)}
              </Text>
            </Stack>
          )}
        </div>
      </div>
      {isEditing && (
        <EditQuantityModal
          name={name}
          quantity={line.quantity}
          onClose={() => setIsEditing(false)}
          onSave={(quantity) => onSetQuantity(line, quantity)}
          onRequestRemove={confirmRemove}
        />
      )}
    </div>
  );
}
