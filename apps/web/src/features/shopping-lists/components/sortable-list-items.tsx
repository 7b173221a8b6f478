import type { ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconGripVertical } from '@tabler/icons-react';
import type { ShoppingListItem } from '@stockpot/domain';
import { SortableReorder } from '../../../ui/sortable-reorder';
import classes from './list-row.module.css';

interface SortableListItemsProps {
  items: ShoppingListItem[];
  isBusy: boolean;
  /** Whether rows past the last one shown exist (the last row shown is then not the bottom). */
  canMove: boolean;
  onMove: (from: number, to: number) => void;
  renderRow: (item: ShoppingListItem, index: number, controls: ReactNode) => ReactNode;
}

function SortableRow({
  item,
  index,
  count,
  canMove,
  onMove,
  renderRow,
}: {
  item: ShoppingListItem;
  index: number;
  count: number;
  canMove: boolean;
  onMove: (from: number, to: number) => void;
  renderRow: SortableListItemsProps['renderRow'];
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.itemDistributorId,
    disabled: !canMove,
  });
  const controls = (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={`Move ${item.name} up`}
        disabled={!canMove || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <IconChevronUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        size="md"
        disabled={!canMove}
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder ${item.name}`}
      >
        <IconGripVertical size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={`Move ${item.name} down`}
        disabled={!canMove || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <IconChevronDown size={16} aria-hidden />
      </ActionIcon>
    </>
  );
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? classes.dragging : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {renderRow(item, index, controls)}
    </li>
  );
}

/**
 * The list's items in their order, each movable by drag (pointer or touch), by the keyboard on the
 * drag handle (Space to lift, arrows to move, Space to drop) or by its Move up and Move down buttons.
 */
export function SortableListItems({ items, isBusy, canMove, onMove, renderRow }: SortableListItemsProps) {
  return (
    <SortableReorder items={items} onMove={onMove}>
      <ul className={classes.list} aria-label="Items on this list" aria-busy={isBusy}>
        {items.map((item, index) => (
          <SortableRow
            key={item.itemDistributorId}
            item={item}
            index={index}
            count={items.length}
            canMove={canMove}
            onMove={onMove}
            renderRow={renderRow}
          />
        ))}
      </ul>
    </SortableReorder>
  );
}
