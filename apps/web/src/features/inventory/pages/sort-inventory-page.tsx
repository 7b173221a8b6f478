import { useState } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconGripVertical } from '@tabler/icons-react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { formatCount, type GenericGroup } from '@stockpot/domain';
import { useSession } from '../../../lib/session-store';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { SortableReorder } from '../../../ui/sortable-reorder';
import { useSaveGroupOrder } from '../api/inventory-mutations';
import { useAllGroups } from '../api/inventory-queries';
import { failureText } from '../components/failure-text';

const INVENTORY_PATH = '/place-order/inventory';

function SortableGroupRow({
  group,
  index,
  count,
  onMove,
}: {
  group: GenericGroup;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: group.id,
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="sm"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      aria-label={group.name}
      component="li"
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Drag ${group.name}`}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
          <Text fw={600}>{group.name}</Text>
          <Text fz="xs" c="dimmed">
            {formatCount(group.items?.length ?? 0, 'item')}
          </Text>
        </Group>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${group.name} up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <IconChevronUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${group.name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <IconChevronDown size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * /sort-inventory/{listId}: 'Rearrange Generic Groups' (doc 2 §2) by drag and drop (or the arrow
 * buttons and the keyboard); Save sends the group order as a list of group ids (POST reset-sorts)
 * and returns to /place-order/inventory.
 */
export function SortInventoryPage() {
  const listId = Number(useParams().inventory);
  const canEdit = useSession((s) => s.profile?.editComparisonView ?? false);
  const navigate = useNavigate();
  const groups = useAllGroups(Number.isInteger(listId) && listId > 0 ? listId : null);
  const save = useSaveGroupOrder(listId);
  const [order, setOrder] = useState<GenericGroup[] | null>(null);

  if (!Number.isInteger(listId) || listId <= 0) return <Navigate to={INVENTORY_PATH} replace />;
  const rows = order ?? groups.data ?? [];
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length) return;
    const next = [...rows];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    setOrder(next);
  };
  const onSave = () =>
    save.mutate(
      rows.map((group) => group.id),
      {
        onSuccess: () => void navigate(INVENTORY_PATH),
        onError: (error) => openMessageModal({ message: failureText(error) }),
      },
    );

  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <Group justify="space-between" align="end">
        <Title order={1} fz="h2">
          Rearrange Generic Groups
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => void navigate(INVENTORY_PATH)}>
            Cancel
          </Button>
          <Button onClick={onSave} loading={save.isPending} disabled={!canEdit || rows.length === 0}>
            Save
          </Button>
        </Group>
      </Group>
      {!canEdit && <Text c="dimmed">You can look at the order; changing it needs permission to edit the inventory view.</Text>}
      {groups.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading groups">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Stack>
      ) : groups.isError ? (
        <LoadFailed title="The generic groups could not be loaded." onRetry={() => void groups.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">This inventory list has no generic groups yet.</Text>
      ) : (
        <SortableReorder items={rows.map((group) => ({ itemDistributorId: group.id, name: group.name }))} onMove={move}>
          <Stack gap={6} component="ol" aria-label="Generic groups in order" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((group, index) => (
              <SortableGroupRow key={group.id} group={group} index={index} count={rows.length} onMove={move} />
            ))}
          </Stack>
        </SortableReorder>
      )}
    </Stack>
  );
}
