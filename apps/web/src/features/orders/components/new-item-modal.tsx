import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { parseCents } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { useCreateOrderItem } from '../api/order-history-api';

const PRICE = /^\d{1,7}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,6}$/;

interface Values {
  item_description: string;
  brand: string;
  din: string;
  unit_quantity: string;
  unit_size: string;
  pack_size_unit: string;
  unit_measure: string;
  price: string;
  quantity: string;
}

const EMPTY: Values = {
  item_description: '',
  brand: '',
  din: '',
  unit_quantity: '1',
  unit_size: '',
  pack_size_unit: '',
  unit_measure: 'CS',
  price: '',
  quantity: '1',
};

/** The §5 rules of a new order item, field by field. */
function validate(v: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (v.item_description.trim().length < 2) errors.item_description = 'Enter at least 2 characters.';
  if (!v.price.trim()) errors.price = 'Price is required.';
  else if (!PRICE.test(v.price.trim())) errors.price = 'Enter the price as a number, like 24.50.';
  if (!WHOLE.test(v.unit_quantity.trim())) errors.unit_quantity = 'Enter a whole number, 0 or more.';
  if (!WHOLE.test(v.unit_size.trim())) errors.unit_size = 'Enter a whole number, 0 or more.';
  if (!v.pack_size_unit.trim()) errors.pack_size_unit = 'Pack size unit is required.';
  if (!v.unit_measure.trim()) errors.unit_measure = 'Unit of measure is required.';
  if (!WHOLE.test(v.quantity.trim()) || Number(v.quantity) < 1) errors.quantity = 'Enter a whole number, 1 or more.';
  return errors;
}

/** Add New Item at receiving (doc 3 §2.5, §3 "New order item", §5). */
export function NewItemModal({ orderId, opened, onClose }: { orderId: number; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add New Item" centered size="lg">
      {opened && <NewItemForm orderId={orderId} onClose={onClose} />}
    </Modal>
  );
}

function NewItemForm({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const create = useCreateOrderItem(orderId);
  const field = (name: keyof Values, label: string, required = false) => ({
    label,
    withAsterisk: required,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.currentTarget.value })),
  });

  const submit = () => {
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        item_description: values.item_description.trim(),
        brand: values.brand.trim(),
        din: values.din.trim(),
        unit_quantity: Number(values.unit_quantity),
        unit_size: Number(values.unit_size),
        pack_size_unit: values.pack_size_unit.trim(),
        unit_measure: values.unit_measure.trim(),
        price: parseCents(values.price.trim()),
        quantity: Number(values.quantity),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Stack gap="sm">
      <TextInput {...field('item_description', 'Item description', true)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput {...field('brand', 'Brand')} />
        <TextInput {...field('din', 'Item # (DIN)')} />
        <TextInput {...field('unit_quantity', 'Outer pack', true)} inputMode="numeric" />
        <TextInput {...field('unit_size', 'Inner pack', true)} inputMode="numeric" />
        <TextInput {...field('pack_size_unit', 'Pack size unit', true)} placeholder="LB, OZ, CT" />
        <TextInput {...field('unit_measure', 'Unit of measure', true)} placeholder="CS" />
        <TextInput {...field('price', 'Price', true)} leftSection="$" inputMode="decimal" />
        <TextInput {...field('quantity', 'Quantity', true)} inputMode="numeric" />
      </SimpleGrid>
      {create.isError && (
        <Text c="red.8" size="sm" role="alert">
          {isApiError(create.error) ? create.error.message : 'The item could not be added. Please try again.'}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} loading={create.isPending}>
          Add item
        </Button>
      </Group>
    </Stack>
  );
}
