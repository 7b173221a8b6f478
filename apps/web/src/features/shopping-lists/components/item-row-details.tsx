import { Badge } from '@mantine/core';
import { formatMoney, getBlockedAddNotice, getBlockedAddReason, MARKET_PRICE_LABEL } from '@stockpot/domain';
import classes from './list-row.module.css';

interface ItemRowDetailsProps {
  item: {
    name: string;
    brand: string;
    distributor: string;
    packSize: string;
    din: string;
    unitMeasure: string;
    isMarketPrice: boolean;
    isUnpurchasable: boolean;
    status: string;
    isPunchedOut: boolean;
  };
  /** The price shown, in cents (ignored for a market-price item). */
  price: number;
}

/**
 * The middle of an item row on the list screens: name, brand · distributor · pack size, DIN, a badge
 * when the cart refuses the item, and its price per unit measure.
 */
export function ItemRowDetails({ item, price }: ItemRowDetailsProps) {
  const blocked = getBlockedAddReason(item, false);
  const meta = [item.brand, item.distributor, item.packSize].filter(Boolean).join(' · ');
  return (
    <>
      <div className={classes.info}>
        <h3 className={classes.name}>{item.name}</h3>
        <span className={classes.meta}>{meta}</span>
        {item.din && <span className={classes.meta}>DIN {item.din}</span>}
        {blocked && (
          <Badge
            variant="light"
            color={blocked === 'punched-out' ? 'gray' : 'orange'}
            // The light variant's own text colour is too pale on its tint (WCAG AA contrast): dark text.
            styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
            size="sm"
            w="fit-content"
          >
            {getBlockedAddNotice(blocked).title}
          </Badge>
        )}
      </div>
      <div className={classes.price}>
        <span className={classes.priceValue}>{item.isMarketPrice ? MARKET_PRICE_LABEL : formatMoney(price)}</span>
        {item.unitMeasure && <span className={classes.meta}>per {item.unitMeasure}</span>}
      </div>
    </>
  );
}
