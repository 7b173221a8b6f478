/** A generic group's par level, with its Edit Par Level popover where the user may edit the view. */
import { useState } from 'react';
import { Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { getGroupUnitName, type GenericGroup } from '@stockpot/domain';

export function ParLevel({ group, canEdit, onSave }: { group: GenericGroup; canEdit: boolean; onSave: (value: number) => void }) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<number | string>(group.parLevel);
  const unit = getGroupUnitName(group);
  const text = (
    <Text fz="sm">
      Par Level: <b>{group.parLevel}</b> {unit}
    </Text>
  );
  if (!canEdit) return text;
  return (
    <Group gap={4}>
      {text}
      <Popover opened={opened} onChange={setOpened} trapFocus withinPortal>
        <Popover.Target>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => setOpened((o) => !o)}
            aria-label={`Edit Par Level of ${group.name}`}
          >
            Edit Par Level
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <NumberInput label={`Par level (${unit})`} min={0} decimalScale={2} value={value} onChange={setValue} />
            <Button
              size="xs"
              onClick={() => {
                onSave(Math.max(0, Number(value) || 0));
                setOpened(false);
              }}
            >
              Save
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
