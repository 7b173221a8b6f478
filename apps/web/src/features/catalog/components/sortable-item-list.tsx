import type { ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { getItemAccessibleName, type ListItem } from '@stockpot/domain';
import { SortableReorder } from '../../../ui/sortable-reorder';
import classes from './item-list.module.css';

interface SortableItemListProps {
  items: ListItem[];
  isBusy: boolean;
  /** A row dropped at a new place, by index in `items`. */
  onMove: (from: number, to: number) => void;
  renderRow: (item: ListItem, index: number, dragHandle: ReactNode) => ReactNode;
}

function SortableRow({
  item,
  index,
  renderRow,
}: {
  item: ListItem;
  index: number;
  renderRow: SortableItemListProps['renderRow'];
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.itemDistributorId,
  });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="lg"
      {...attributes}
      {...listeners}
      aria-label={`Reorder ${getItemAccessibleName(item)}`}
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      className={isDragging ? classes.dragging : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {renderRow(item, index, handle)}
    </div>
  );
}

/**
 * The Custom sort (doc 1 §2 "can be reordered by drag when the sort is Custom"): every loaded row
 * rendered (no virtualisation, so dragging and the keyboard can reach any row), each with a drag
 * handle that also works from the keyboard (Space to lift, arrows to move, Space to drop).
 */
export function SortableItemList({ items, isBusy, onMove, renderRow }: SortableItemListProps) {
  return (
    <SortableReorder items={items} onMove={onMove}>
      <div role="feed" aria-busy={isBusy} aria-label="Items" className={classes.plainList}>
        {items.map((item, index) => (
          <SortableRow key={item.itemDistributorId} item={item} index={index} renderRow={renderRow} />
        ))}
      </div>
    </SortableReorder>
  );
}
