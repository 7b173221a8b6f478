import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  DEFAULT_SPECIAL_REQUEST_FORM,
  getSpecialRequestFailureText,
  SPECIAL_REQUEST_ADDED,
  SPECIAL_REQUEST_UNITS,
  toSpecialRequestEntry,
  validateSpecialRequest,
  type SpecialRequestEntry,
  type SpecialRequestForm as FormValues,
} from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { useDistributors } from '../../../shared/ordering-options/use-ordering-options';
import { useCartSync } from '../../../shared/cart/cart-sync-context';
import { openMessageModal } from '../../../shared/modals/modal-store';
import type { SpecialRequestPrefill } from '../../../shared/modals/special-request-launcher';

type Field = keyof FormValues;

interface SpecialRequestFormProps {
  prefill?: SpecialRequestPrefill;
  /** After a successful submit (the modal closes; the screen starts a fresh form). */
  onAdded?: () => void;
  onCancel?: () => void;
}

function initialValues(prefill: SpecialRequestPrefill = {}): FormValues {
  return {
    ...DEFAULT_SPECIAL_REQUEST_FORM,
    distributorId: prefill.distributorId ?? null,
    description: prefill.description ?? '',
  };
}

/**
 * The Add Special Request form of doc 1 §2 and §5: distributor, unit, quantity (1 by default) and
 * description, each with a visible label; Submit stays disabled until validateSpecialRequest passes,
 * and a field's error shows once it has been left. Submitting adds a special-request line to the
 * cart (POST shopping-carts with a specialItem).
 */
export function SpecialRequestForm({ prefill, onAdded, onCancel }: SpecialRequestFormProps) {
  const cartSync = useCartSync();
  const distributors = useDistributors();
  const [values, setValues] = useState<FormValues>(() => initialValues(prefill));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const errors = validateSpecialRequest(values);
  const entry = toSpecialRequestEntry(values);

  const mutation = useMutation({
    mutationFn: (request: SpecialRequestEntry) => cartSync.saveSpecialRequest(request),
    onSuccess: () => {
      openMessageModal({ id: 'special-request-added', message: SPECIAL_REQUEST_ADDED });
      setValues(initialValues());
      setTouched({});
      onAdded?.();
    },
    onError: (error) => console.error('Could not add the special request', error),
  });

  const set = <K extends Field>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    mutation.reset();
  };
  const touch = (field: Field) => setTouched((current) => ({ ...current, [field]: true }));
  const errorOf = (field: Field) => (touched[field] ? errors[field] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ distributorId: true, unit: true, quantity: true, description: true });
    if (entry && !mutation.isPending) mutation.mutate(entry);
  };

  const distributorOptions = [
    { value: '', label: distributors.isLoading ? 'Loading distributors…' : 'Choose a distributor' },
    ...(distributors.data ?? []).map((d) => ({ value: String(d.id), label: d.nickname })),
  ];
  // A prefilled distributor must show even before (or without) the list.
  if (values.distributorId !== null && !distributorOptions.some((o) => o.value === String(values.distributorId))) {
    distributorOptions.push({ value: String(values.distributorId), label: `Distributor ${values.distributorId}` });
  }

  const failure = mutation.error
    ? getSpecialRequestFailureText(isApiError(mutation.error) ? mutation.error.status : 0, mutation.error.message)
    : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label="Distributor"
          size="md"
          required
          data={distributorOptions}
          value={values.distributorId === null ? '' : String(values.distributorId)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            set('distributorId', value ? Number(value) : null);
            touch('distributorId');
          }}
          onBlur={() => touch('distributorId')}
          error={errorOf('distributorId') ?? (distributors.error ? 'The distributors could not be loaded.' : undefined)}
        />
        <NativeSelect
          label="Unit"
          size="md"
          required
          data={[{ value: '', label: 'Choose a unit' }, ...SPECIAL_REQUEST_UNITS.map((unit) => ({ value: unit, label: unit }))]}
          value={values.unit}
          onChange={(event) => {
            set('unit', event.currentTarget.value);
            touch('unit');
          }}
          onBlur={() => touch('unit')}
          error={errorOf('unit')}
        />
        <TextInput
          label="Quantity"
          required
          inputMode="numeric"
          autoComplete="off"
          value={values.quantity}
          onChange={(event) => set('quantity', event.currentTarget.value)}
          onBlur={() => touch('quantity')}
          error={errorOf('quantity')}
        />
        <Textarea
          label="Description"
          size="md"
          required
          rows={4}
          maxLength={500}
          placeholder="What you need, e.g. brand, size, how many per case"
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          onBlur={() => touch('description')}
          error={errorOf('description')}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={entry === null} loading={mutation.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
