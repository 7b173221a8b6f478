import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  canSaveCustomItem,
  CUSTOM_ITEM_UNIT_MEASURES,
  isLongDescription,
  PACK_SIZE_UOMS,
  type CustomItemForm as Form,
} from '@stockpot/domain';
import { useAddCustomItem } from '../api/inventory-mutations';
import { failureText } from './failure-text';

const EMPTY: Form & { din: string; brand: string } = {
  description: '',
  unitMeasure: 'CS',
  distributor: '',
  price: '',
  outerPack: '',
  innerPack: '',
  uom: 'LB',
  din: '',
  brand: '',
};

/** Add Custom Item (doc 2 §3 "Custom item form", §5 Save rule). */
export function CustomItemForm({
  listId,
  groupId,
  onDone,
  onBack,
}: {
  listId: number;
  groupId: number;
  onDone: () => void;
  onBack: () => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const add = useAddCustomItem(listId, groupId);
  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const save = () =>
    add.mutate(
      {
        description: form.description,
        unitMeasure: form.unitMeasure,
        distributor: form.distributor,
        price: Number(form.price),
        packSize: { outerPack: Number(form.outerPack), innerPack: Number(form.innerPack), uom: form.uom },
        din: form.din,
        brand: form.brand,
      },
      { onSuccess: onDone, onError: (failure) => setError(failureText(failure)) },
    );
  return (
    <Stack gap="sm">
      <TextInput
        label="Description"
        required
        value={form.description}
        onChange={(e) => set('description')(e.currentTarget.value)}
        error={isLongDescription(form.description) ? 'This description is long (over 100 characters).' : undefined}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Unit of Measure"
          required
          data={[...CUSTOM_ITEM_UNIT_MEASURES]}
          value={form.unitMeasure}
          onChange={(v) => set('unitMeasure')(v ?? '')}
          allowDeselect={false}
        />
        <TextInput
          label="Distributor"
          required
          value={form.distributor}
          onChange={(e) => set('distributor')(e.currentTarget.value)}
        />
        <TextInput
          label="Price"
          required
          inputMode="decimal"
          value={form.price}
          onChange={(e) => set('price')(e.currentTarget.value)}
        />
        <TextInput label="DIN" value={form.din} onChange={(e) => set('din')(e.currentTarget.value)} />
        <TextInput label="Brand" value={form.brand} onChange={(e) => set('brand')(e.currentTarget.value)} />
      </SimpleGrid>
      <Text fz="sm" fw={500}>
        Pack Size <span aria-hidden>*</span>
      </Text>
      <Group gap="xs" align="end">
        <TextInput
          label="Outer pack"
          w={90}
          inputMode="decimal"
          value={form.outerPack}
          onChange={(e) => set('outerPack')(e.currentTarget.value)}
        />
        <Text pb={6}>/</Text>
        <TextInput
          label="Inner pack"
          w={90}
          inputMode="decimal"
          value={form.innerPack}
          onChange={(e) => set('innerPack')(e.currentTarget.value)}
        />
        <Select
          label="Pack unit"
          w={110}
          data={[...PACK_SIZE_UOMS]}
          value={form.uom}
          onChange={(v) => set('uom')(v ?? '')}
          allowDeselect={false}
        />
      </Group>
      {error && (
        <Text c="red" role="alert" fz="sm">
          {error}
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="subtle" onClick={onBack}>
          Back to search
        </Button>
        <Button onClick={save} disabled={!canSaveCustomItem(form)} loading={add.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
