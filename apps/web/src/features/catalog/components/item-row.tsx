import { lazy, memo, Suspense, useState, type ReactNode } from 'react';
import { Button, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  formatMoney,
  formatUnitPriceLabel,
  getItemUnitPrice,
  getEffectivePrice,
  getEffectivePriceSource,
  getInvoicePriceTooltip,
  MARKET_PRICE_LABEL,
  PUNCHED_OUT_TOOLTIP,
  truncateDescription,
  type ListItem,
} from '@stockpot/domain';
import { TOUR_TARGET_ATTRIBUTE } from '../../../shell/tour-store';
import { Hint } from '../../../ui/hint';
import { ItemImage } from '../../../ui/item-image';
import { CartControl } from './cart-control';
import { ItemTags } from './item-tags';
import classes from './item-row.module.css';

// The linked-items modal (Mantine's Modal with its scroll area and floating-ui, and NumberInput: about
// 35 KB gzip) loads on the first 'Linked items', not with the list (issue 38).
const LinkedItemsModal = lazy(() => import('./linked-items-modal').then((m) => ({ default: m.LinkedItemsModal })));

export interface RowFlags {
  display_match: number;
  display_rebate: number;
  hasCart: boolean;
}

function Price({ item, today }: { item: ListItem; today: string }) {
  if (item.isMarketPrice) {
    return <span className={classes.price}>{MARKET_PRICE_LABEL}</span>;
  }
  const price = formatMoney(getEffectivePrice(item, today));
  const invoiceTooltip = getEffectivePriceSource(item, today) === 'invoice' ? getInvoicePriceTooltip(item.invoiceDate) : null;
  return invoiceTooltip ? (
    <Hint label={invoiceTooltip} className={classes.price}>
      {price}
    </Hint>
  ) : (
    <span className={classes.price}>{price}</span>
  );
}

/** The unit-price rule on the price shown beside it, labelled with the pack's unit ('$0.8478 / EA'), or 'Unit Price below $0.01'. */
function UnitPrice({ item, today }: { item: ListItem; today: string }) {
  if (item.isMarketPrice) return null;
  return <span className={classes.unitPrice}>{formatUnitPriceLabel(getItemUnitPrice(item, today))}</span>;
}

interface ItemRowProps {
  item: ListItem;
  label: string;
  today: string;
  flags: RowFlags;
  onViewSavings: (item: ListItem) => void;
  /** The drag handle of the Custom sort. */
  dragHandle?: ReactNode;
  /** The welcome tour points at the first row's Add (doc 1 §4 "Tour"). */
  isTourTarget?: boolean;
  /** The row's place in the whole list (aria-posinset, from 0) and the list's length (aria-setsize). */
  index?: number;
  total?: number;
}

/**
 * One item of the place-order list (doc 1 §2): image, name (cut at 50 characters), brand, DIN,
 * distributor, pack size, tags, price and unit price, savings and the cart control. A punched-out
 * item is greyed with its explanation. On a phone the row becomes a card (CSS only).
 */
// Memoised: the list re-renders as it measures and positions its rows and as its query settles, and
// re-rendering every row's Mantine components each time was most of the page's main-thread work on
// a phone (issue 38). The props are kept stable for it (primitives, the page's memoised flags).
export const ItemRow = memo(function ItemRow({
  item,
  label,
  today,
  flags,
  onViewSavings,
  dragHandle,
  isTourTarget = false,
  index,
  total,
}: ItemRowProps) {
  const hasSavings = flags.display_match === 1 && (item.showSavings || item.savingItems > 0);
  const meta = [item.brand, item.din && `DIN ${item.din}`, item.distributor, item.packSize].filter(Boolean).join(' · ');
  const [isLinkedOpen, setIsLinkedOpen] = useState(false);
  return (
    <article
      className={classes.row}
      aria-label={label}
      aria-posinset={index === undefined ? undefined : index + 1}
      aria-setsize={index === undefined ? undefined : total}
      data-punched-out={item.isPunchedOut || undefined}
      data-draggable={dragHandle ? true : undefined}
    >
      {dragHandle && <div className={classes.handle}>{dragHandle}</div>}
      <ItemImage src={item.imageUrl || item.brandImageUrl} className={classes.image} />
      <div className={classes.info}>
        <Text component="h3" className={classes.name} title={item.name}>
          {truncateDescription(item.name)}
        </Text>
        <Text className={classes.meta}>{meta}</Text>
        <ItemTags item={item} flags={flags} />
        {item.isPunchedOut && (
          <div className={classes.punchedOut}>
            <Hint label={PUNCHED_OUT_TOOLTIP}>
              <IconInfoCircle size={16} aria-hidden />
              <span className={classes.punchedOutText}>Not on your latest order guide</span>
            </Hint>
          </div>
        )}
      </div>
      <div className={classes.prices}>
        <Price item={item} today={today} />
        <UnitPrice item={item} today={today} />
      </div>
      <div className={classes.actions}>
        {hasSavings && (
          <Button variant="subtle" size="compact-sm" onClick={() => onViewSavings(item)} aria-label={`View savings for ${label}`}>
            View savings
          </Button>
        )}
        {flags.hasCart && item.belongsToGroup && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setIsLinkedOpen(true)}
            aria-label={`Linked items of ${label}`}
          >
            Linked items
          </Button>
        )}
        {flags.hasCart && (
          <div className={classes.cart} {...(isTourTarget ? { [TOUR_TARGET_ATTRIBUTE]: 'add' } : {})}>
            <CartControl item={item} label={label} />
          </div>
        )}
      </div>
      {isLinkedOpen && (
        <Suspense fallback={null}>
          <LinkedItemsModal item={item} onClose={() => setIsLinkedOpen(false)} />
        </Suspense>
      )}
    </article>
  );
});
