import { useRef } from 'react';
import { ActionIcon, Button, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import {
  IconArrowsTransferDown,
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconChevronUp,
  IconPlus,
  IconRowInsertBottom,
  IconRowInsertTop,
  IconShoppingCartPlus,
  IconTrash,
} from '@tabler/icons-react';
import { formatMoney, formatUnitPrice, getGroupUnitName, type GenericGroup, type GroupItem } from '@stockpot/domain';
import { GroupTitle } from './group-title';
import { ItemCard } from './item-card';
import { ParLevel } from './par-level';
import { HoverHint } from '../../../ui/hover-hint';
import classes from './inventory.module.css';

/** Card width for the scroll steps (doc 2 §9). */
const SCROLL_STEP_PX = 260;

export interface GroupActions {
  onRename: (name: string) => void;
  onParLevel: (parLevel: number) => void;
  onUnit: (unitId: number) => void;
  onLinkItems: () => void;
  onAddGroupBelow: () => void;
  onAddGroupAbove: () => void;
  onDelete: () => void;
  onMove: () => void;
  onCount: (item: GroupItem, counts: { onHand?: number; onHandPack?: number; onHandUom?: number }) => void;
  onTogglePreferred: (item: GroupItem) => void;
  onRemoveItem: (item: GroupItem) => void;
  onAddToOrder: (item: GroupItem, quantity?: number) => void;
  onEditPackSize: (item: GroupItem) => void;
  onResetPackSize: (item: GroupItem) => void;
  onShowHistory: (item: GroupItem) => void;
}

/** One generic group (doc 2 §2): header, per-group figures, and its item cards in a scrolling row. */
export function GroupCard({
  group,
  canEdit,
  isExpanded,
  onToggle,
  actions,
}: {
  group: GenericGroup;
  canEdit: boolean;
  isExpanded: boolean;
  onToggle: () => void;
  actions: GroupActions;
}) {
  const row = useRef<HTMLDivElement>(null);
  const items = group.items ?? [];
  const unitName = getGroupUnitName(group);
  const best = items.find((item) => item.isBestBuy);
  const toPar = group.orderToPar
    ? items.find((item) => item.itemDistributorId === group.orderToPar!.itemDistributorId)
    : undefined;
  const scroll = (direction: 1 | -1) => row.current?.scrollBy({ left: direction * SCROLL_STEP_PX, behavior: 'smooth' });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={group.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs" data-tour-target="inventory-group">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              onClick={onToggle}
              aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${group.name}`}
              aria-expanded={isExpanded}
            >
              {isExpanded ? <IconChevronUp size={18} aria-hidden /> : <IconChevronDown size={18} aria-hidden />}
            </ActionIcon>
            <GroupTitle key={group.name} group={group} canEdit={canEdit} onRename={actions.onRename} onToggle={onToggle} />
          </Group>
          <Group gap={4}>
            <ActionIcon variant="default" aria-label={`Scroll ${group.name} left`} onClick={() => scroll(-1)}>
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="default" aria-label={`Scroll ${group.name} right`} onClick={() => scroll(1)}>
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
            {canEdit && (
              <>
                <HoverHint align="end" label="Add item">
                  <ActionIcon variant="default" aria-label={`Add item to ${group.name}`} onClick={actions.onLinkItems}>
                    <IconPlus size={16} aria-hidden />
                  </ActionIcon>
                </HoverHint>
                <HoverHint align="end" label="Add generic item below">
                  <ActionIcon
                    variant="default"
                    aria-label={`Add generic item below ${group.name}`}
                    onClick={actions.onAddGroupBelow}
                  >
                    <IconRowInsertBottom size={16} aria-hidden />
                  </ActionIcon>
                </HoverHint>
                <HoverHint align="end" label="Add generic item above">
                  <ActionIcon
                    variant="default"
                    aria-label={`Add generic item above ${group.name}`}
                    onClick={actions.onAddGroupAbove}
                  >
                    <IconRowInsertTop size={16} aria-hidden />
                  </ActionIcon>
                </HoverHint>
                <HoverHint align="end" label="Move to inventory list">
                  <ActionIcon variant="default" aria-label={`Move ${group.name} to inventory list`} onClick={actions.onMove}>
                    <IconArrowsTransferDown size={16} aria-hidden />
                  </ActionIcon>
                </HoverHint>
                <HoverHint align="end" label="Delete">
                  <ActionIcon variant="default" color="red" aria-label={`Delete ${group.name}`} onClick={actions.onDelete}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </HoverHint>
              </>
            )}
          </Group>
        </Group>

        <Group gap="lg" wrap="wrap" align="end">
          {/* A native select: a Mantine Select keeps its hidden list mounted and positioned, a
              style recalculation per group when a list draws (docs/performance.md, stop 72). */}
          <NativeSelect
            label="Show Items in"
            size="xs"
            w={110}
            data={group.units.map((u) => ({ value: String(u.id), label: u.name }))}
            value={String(group.unitId)}
            onChange={(event) => actions.onUnit(Number(event.currentTarget.value))}
            disabled={!canEdit}
          />
          <ParLevel key={group.parLevel} group={group} canEdit={canEdit} onSave={actions.onParLevel} />
          <Text fz="sm" aria-label={`Amount on Hand of ${group.name}`}>
            Amount on Hand: <b>{group.totalOnHand}</b> {unitName} · {formatMoney(group.totalOnHandAmount)}
          </Text>
          <Text fz="sm">
            Spend (30 days): <b>{formatMoney(group.purchased)}</b>
          </Text>
          {best?.finalUnitPrice != null && (
            <Text fz="sm" c="teal.9">
              Best price: {formatUnitPrice(best.finalUnitPrice)} / {best.finalUnit} ({best.distributor})
            </Text>
          )}
          {group.orderToPar && toPar && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconShoppingCartPlus size={14} aria-hidden />}
              onClick={() => actions.onAddToOrder(toPar, group.orderToPar!.quantity)}
            >
              Order to par: {group.orderToPar.quantity} × {toPar.distributor}
            </Button>
          )}
        </Group>

        {isExpanded && (
          <div ref={row} className={classes.itemsRow}>
            {items.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                canEdit={canEdit}
                onCount={(counts) => actions.onCount(item, counts)}
                onTogglePreferred={() => actions.onTogglePreferred(item)}
                onRemove={() => actions.onRemoveItem(item)}
                onAddToOrder={() => actions.onAddToOrder(item)}
                onEditPackSize={() => actions.onEditPackSize(item)}
                onResetPackSize={() => actions.onResetPackSize(item)}
                onShowHistory={() => actions.onShowHistory(item)}
              />
            ))}
            {items.length === 0 && !canEdit && (
              <Text c="dimmed" fz="sm">
                No items in this group yet.
              </Text>
            )}
            {canEdit && (
              <Card withBorder padding="sm" radius="md" className={classes.itemCard}>
                <Button
                  variant="subtle"
                  h="100%"
                  mih={120}
                  onClick={actions.onLinkItems}
                  leftSection={<IconPlus size={16} aria-hidden />}
                >
                  Add new item
                </Button>
              </Card>
            )}
          </div>
        )}
      </Stack>
    </Card>
  );
}
