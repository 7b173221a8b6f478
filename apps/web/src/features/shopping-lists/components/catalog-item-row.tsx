import { Badge, Button, Group, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import {
  formatMoney,
  getBlockedAddNotice,
  getBlockedAddReason,
  getEffectivePrice,
  MARKET_PRICE_LABEL,
  type ListItem,
} from '@stockpot/domain';
import { ListItemImage } from './list-item-image';
import classes from './list-row.module.css';

interface CatalogItemRowProps {
  item: ListItem;
  today: string;
  listName: string;
  isOnList: boolean;
  isAdding: boolean;
  onAdd: () => void;
}

/** One catalogue item on the screen that adds items to a list: what it is, its price, and Add to List. */
export function CatalogItemRow({ item, today, listName, isOnList, isAdding, onAdd }: CatalogItemRowProps) {
  const blocked = getBlockedAddReason(item, false);
  const meta = [item.brand, item.distributor, item.packSize].filter(Boolean).join(' · ');
  return (
    <div className={classes.row} data-plain data-dimmed={item.isPunchedOut || undefined}>
      <ListItemImage src={item.imageUrl || item.brandImageUrl} />
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
        <span className={classes.priceValue}>
          {item.isMarketPrice ? MARKET_PRICE_LABEL : formatMoney(getEffectivePrice(item, today))}
        </span>
        {item.unitMeasure && <span className={classes.meta}>per {item.unitMeasure}</span>}
      </div>
      <div className={classes.actions}>
        {isOnList ? (
          <Group gap={4} c="teal.9" fw={700} fz="sm" wrap="nowrap">
            <IconCheck size={16} aria-hidden />
            <span>On List</span>
            <VisuallyHidden>{`: ${item.name} is on ${listName}`}</VisuallyHidden>
          </Group>
        ) : (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={isAdding}
            onClick={onAdd}
            aria-label={`Add ${item.name} to ${listName}`}
          >
            Add to List
          </Button>
        )}
      </div>
    </div>
  );
}
