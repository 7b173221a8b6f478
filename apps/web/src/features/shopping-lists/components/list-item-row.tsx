import type { ReactNode } from 'react';
import { ActionIcon, Badge, TextInput, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  formatMoney,
  getBlockedAddNotice,
  getBlockedAddReason,
  LIST_QUANTITY_MAX_LENGTH,
  MARKET_PRICE_LABEL,
  type ShoppingListItem,
} from '@stockpot/domain';
import { ListItemImage } from './list-item-image';
import classes from './list-row.module.css';

interface ListItemRowProps {
  item: ShoppingListItem;
  /** The quantity typed for Add to Cart; absent where the location has no cart. */
  quantity?: string;
  onQuantityChange?: (value: string) => void;
  onRemove: () => void;
  /** Drag handle and move buttons; absent while the list cannot be reordered. */
  reorderControls?: ReactNode;
}

/**
 * One item of a list (doc 1 §2 "The list screen shows items with their name, brand, distributor,
 * price, unit measure, pack size and image"), with its quantity for Add to Cart and a delete icon.
 * An item the cart refuses (call-in, out of stock, punched out) says so on the row.
 */
export function ListItemRow({ item, quantity, onQuantityChange, onRemove, reorderControls }: ListItemRowProps) {
  const blocked = getBlockedAddReason(item, false);
  const meta = [item.brand, item.distributor, item.packSize].filter(Boolean).join(' · ');
  const quantityError = quantity !== undefined && !/^\d*$/.test(quantity.trim()) ? 'Digits only' : undefined;
  return (
    <div className={classes.row} data-plain={reorderControls ? undefined : true} data-dimmed={item.isPunchedOut || undefined}>
      {reorderControls && <div className={classes.handle}>{reorderControls}</div>}
      <ListItemImage src={item.imageUrl} />
      <div className={classes.info}>
        <h3 className={classes.name}>{item.name}</h3>
        <span className={classes.meta}>{meta}</span>
        {item.din && <span className={classes.meta}>DIN {item.din}</span>}
        {blocked && (
          <Badge variant="light" color={blocked === 'punched-out' ? 'gray' : 'orange'} size="sm" w="fit-content">
            {getBlockedAddNotice(blocked).title}
          </Badge>
        )}
      </div>
      <div className={classes.price}>
        <span className={classes.priceValue}>{item.isMarketPrice ? MARKET_PRICE_LABEL : formatMoney(item.price)}</span>
        {item.unitMeasure && <span className={classes.meta}>per {item.unitMeasure}</span>}
      </div>
      <div className={classes.actions}>
        {quantity !== undefined && onQuantityChange && (
          <TextInput
            className={classes.quantity}
            label={
              <>
                Qty<VisuallyHidden> of {item.name}</VisuallyHidden>
              </>
            }
            size="xs"
            inputMode="numeric"
            maxLength={LIST_QUANTITY_MAX_LENGTH}
            value={quantity}
            error={quantityError}
            onChange={(event) => onQuantityChange(event.currentTarget.value)}
          />
        )}
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${item.name} from the list`} onClick={onRemove}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </div>
    </div>
  );
}
