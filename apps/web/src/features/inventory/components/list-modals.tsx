import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { getDeleteListConfirmation, type GenericGroup, type InventoryList } from '@stockpot/domain';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { useCreateList, useDeleteList, useMoveGroup, useRenameList } from '../api/inventory-mutations';
import { failureText } from './failure-text';

function ListRow({ list }: { list: InventoryList }) {
  const [name, setName] = useState(list.name);
  const rename = useRenameList();
  const remove = useDeleteList();
  return (
    <Group gap="xs" wrap="nowrap" align="end">
      <TextInput
        label="List name"
        aria-label={`Name of ${list.name}`}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <ActionIcon
        size="lg"
        variant="default"
        aria-label={`Save the name of ${list.name}`}
        disabled={name.trim() === '' || name.trim() === list.name}
        loading={rename.isPending}
        onClick={() =>
          rename.mutate(
            { id: list.id, name },
            { onError: (error) => openMessageModal({ title: 'Rename failed', message: failureText(error) }) },
          )
        }
      >
        <IconCheck size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        size="lg"
        variant="default"
        color="red"
        aria-label={`Delete ${list.name}`}
        onClick={() =>
          openConfirmModal({
            message: getDeleteListConfirmation(list.name),
            confirmLabel: 'Delete',
            onConfirm: () => remove.mutate(list.id, { onError: (error) => openMessageModal({ message: failureText(error) }) }),
          })
        }
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** Manage Inventory Lists (doc 2 §2): create, rename and delete lists. */
export function ManageListsModal({
  lists,
  onClose,
  onCreated,
}: {
  lists: InventoryList[];
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateList();
  return (
    <Modal opened onClose={onClose} title="Manage Inventory Lists" centered>
      <Stack gap="sm">
        {lists.map((list) => (
          <ListRow key={`${list.id}-${list.name}`} list={list} />
        ))}
        {lists.length === 0 && <Text c="dimmed">No inventory lists yet.</Text>}
        <Group gap="xs" align="end" wrap="nowrap">
          <TextInput
            label="New inventory list"
            placeholder="e.g. Walk-in"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            style={{ flex: 1 }}
          />
          <Button
            disabled={name.trim() === ''}
            loading={create.isPending}
            onClick={() =>
              create.mutate(name, {
                onSuccess: (list) => {
                  setName('');
                  onCreated(list.id);
                },
                onError: (failure) => setError(failureText(failure)),
              })
            }
          >
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Move To Inventory List (doc 2 §2); a failed move says "Something wen't wrong" (doc 2 §8). */
export function MoveGroupModal({
  listId,
  group,
  lists,
  onClose,
}: {
  listId: number;
  group: GenericGroup;
  lists: InventoryList[];
  onClose: () => void;
}) {
  const targets = lists.filter((list) => list.id !== listId);
  const [target, setTarget] = useState<string | null>(targets[0] ? String(targets[0].id) : null);
  const move = useMoveGroup(listId);
  return (
    <Modal opened onClose={onClose} title="Move To Inventory List" centered>
      <Stack gap="sm">
        <Text fz="sm">Move “{group.name}” to:</Text>
        <Select
          label="Inventory list"
          data={targets.map((l) => ({ value: String(l.id), label: l.name }))}
          value={target}
          onChange={setTarget}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={target === null}
            loading={move.isPending}
            onClick={() =>
              move.mutate(
                { groupId: group.id, targetListId: Number(target) },
                {
                  onSuccess: onClose,
                  onError: (error) => openMessageModal({ message: failureText(error) }),
                },
              )
            }
          >
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
