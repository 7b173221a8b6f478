import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { PACK_SIZE_UOMS, isCountablePackSize, parsePackSize, toPackSizeText, type GroupItem } from '@stockpot/domain';
import { useChangePackSize } from '../api/inventory-mutations';
import { failureText } from './failure-text';

const NUMBER = /^\d+(\.\d{1,2})?$/;

/** The dialog's fields from the pack the item is counted in now. */
function initialFields(item: GroupItem) {
  const pack = parsePackSize(item.customPackSize ?? item.packSize);
  const uom = pack && (PACK_SIZE_UOMS as readonly string[]).includes(pack.uom) ? pack.uom : 'LB';
  const size = pack ? Number(pack.unitSize.num) / Number(pack.unitSize.den) : null;
  return { outerPack: pack ? String(pack.unitQuantity) : '', innerPack: size === null ? '' : String(size), uom };
}

/**
 * Edit Packsize (doc 2 §3 dialogs, §5): the pack size this group counts a catalogue item in, as
 * 'outer/inner UOM'. The counts stay; their value is recomputed with the new pack.
 */
export function EditPackSizeModal({
  listId,
  groupId,
  item,
  onClose,
}: {
  listId: number;
  groupId: number;
  item: GroupItem;
  onClose: () => void;
}) {
  const [fields, setFields] = useState(() => initialFields(item));
  const [error, setError] = useState<string | null>(null);
  const change = useChangePackSize(listId);
  const isNumber = NUMBER.test(fields.outerPack.trim()) && NUMBER.test(fields.innerPack.trim());
  const text = isNumber
    ? toPackSizeText({ outerPack: Number(fields.outerPack), innerPack: Number(fields.innerPack), uom: fields.uom })
    : '';
  const canSave = isNumber && isCountablePackSize(text);
  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const save = () =>
    change.mutate(
      { groupId, item, body: { packSize: text } },
      { onSuccess: onClose, onError: (failure) => setError(failureText(failure)) },
    );

  return (
    <Modal opened onClose={onClose} title="Edit Packsize" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) save();
        }}
      >
        <Stack gap="sm">
          <Text fz="sm">
            {item.name} · catalogue pack size {item.packSize}
          </Text>
          <Group gap="xs" align="end" wrap="nowrap">
            <TextInput
              label="Outer pack"
              w={100}
              inputMode="decimal"
              data-autofocus
              value={fields.outerPack}
              onChange={(e) => set('outerPack')(e.currentTarget.value)}
            />
            <Text pb={6} aria-hidden>
              /
            </Text>
            <TextInput
              label="Inner pack"
              w={100}
              inputMode="decimal"
              value={fields.innerPack}
              onChange={(e) => set('innerPack')(e.currentTarget.value)}
            />
            <Select
              label="Pack unit"
              w={120}
              data={[...PACK_SIZE_UOMS]}
              value={fields.uom}
              onChange={(v) => set('uom')(v ?? 'LB')}
              allowDeselect={false}
            />
          </Group>
          {!canSave && (
            <Text fz="xs" c="dimmed">
              Outer and inner pack are numbers above 0.
            </Text>
          )}
          {error && (
            <Text c="red" role="alert" fz="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSave} loading={change.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
