import type { ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconGripVertical } from '@tabler/icons-react';
import type { ShoppingListItem } from '@stockpot/domain';
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.itemDistributorId);
  const nameOf = (id: unknown) => items.find((item) => item.itemDistributorId === id)?.name ?? 'the item';
  const positionOf = (id: unknown) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} moved to position ${positionOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space or Enter to lift the item, the arrow keys to move it, and Space or Enter again to drop it. Escape cancels.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
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
      </SortableContext>
    </DndContext>
  );
}
