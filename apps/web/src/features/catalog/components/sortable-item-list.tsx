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
import { IconGripVertical } from '@tabler/icons-react';
import { getItemAccessibleName, type ListItem } from '@stockpot/domain';
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.itemDistributorId);
  const nameOf = (id: unknown) => {
    const item = items.find((candidate) => candidate.itemDistributorId === id);
    return item ? item.name : 'the item';
  };
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
        <div role="feed" aria-busy={isBusy} aria-label="Items" className={classes.plainList}>
          {items.map((item, index) => (
            <SortableRow key={item.itemDistributorId} item={item} index={index} renderRow={renderRow} />
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}
