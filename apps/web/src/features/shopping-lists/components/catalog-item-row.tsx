import { Button, Group, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { getEffectivePrice, type ListItem } from '@stockpot/domain';
import { ItemImage } from '../../../ui/item-image';
import { ItemRowDetails } from './item-row-details';
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
  return (
    <div className={classes.row} data-plain data-dimmed={item.isPunchedOut || undefined}>
      <ItemImage src={item.imageUrl || item.brandImageUrl} className={classes.image} iconSize={26} />
      <ItemRowDetails item={item} price={getEffectivePrice(item, today)} />
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
