import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { SHOPPING_LIST_NAME_MAX, validateShoppingListName } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';

interface ListNameFormProps {
  initialName?: string;
  submitLabel: string;
  isSubmitting: boolean;
  /** Saves the trimmed name; a rejection carrying an API error is shown under the field. */
  onSubmit: (name: string) => Promise<unknown>;
  onCancel: () => void;
}

/** The name form of /shopping-lists/add-list and /shopping-lists/update-list/{id} (doc 1 §2, §5). */
export function ListNameForm({ initialName = '', submitLabel, isSubmitting, onSubmit, onCancel }: ListNameFormProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateShoppingListName(name);
    setError(problem);
    if (problem) return;
    try {
      await onSubmit(name.trim());
    } catch (failure) {
      if (isApiError(failure)) {
        setError(failure.errors.find((e) => e.field === 'name')?.message ?? failure.message);
      } else {
        setError('The list could not be saved. Please try again.');
      }
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          description="For example Weekly produce, Bar or Dry goods."
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          maxLength={SHOPPING_LIST_NAME_MAX + 20}
          autoComplete="off"
          data-autofocus
          autoFocus
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} type="button">
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
