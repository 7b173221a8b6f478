import type { ReactNode } from 'react';
import { ActionIcon, TextInput, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { LIST_QUANTITY_MAX_LENGTH, type ShoppingListItem } from '@stockpot/domain';
import { ItemImage } from '../../../ui/item-image';
import { ItemRowDetails } from './item-row-details';
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
  const quantityError = quantity !== undefined && !/^\d*$/.test(quantity.trim()) ? 'Digits only' : undefined;
  return (
    <div className={classes.row} data-plain={reorderControls ? undefined : true} data-dimmed={item.isPunchedOut || undefined}>
      {reorderControls && <div className={classes.handle}>{reorderControls}</div>}
      <ItemImage src={item.imageUrl} className={classes.image} iconSize={26} />
      <ItemRowDetails item={item} price={item.price} />
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
