import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { isValidQuantityText, MAX_CART_QUANTITY, QUANTITY_MAX_LENGTH } from '@stockpot/domain';

interface EditQuantityModalProps {
  name: string;
  quantity: number;
  onClose: () => void;
  /** A quantity above 0; 0 goes through the removal confirmation instead. */
  onSave: (quantity: number) => void;
  onRequestRemove: () => void;
}

/** The edit-quantity modal of review order (doc 1 §2 "Mobile adds … an edit-quantity modal"). */
export function EditQuantityModal({ name, quantity, onClose, onSave, onRequestRemove }: EditQuantityModalProps) {
  const [text, setText] = useState(String(quantity));
  const value = Number(text);
  const error = text !== '' && value > MAX_CART_QUANTITY ? `Quantity must be at most ${MAX_CART_QUANTITY}.` : null;
  const save = () => {
    if (text === '' || error) return;
    onClose();
    if (value === 0) onRequestRemove();
    else if (value !== quantity) onSave(value);
  };
  return (
    <Modal opened onClose={onClose} title="Edit quantity" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={`Quantity of ${name}`}
            inputMode="numeric"
            maxLength={QUANTITY_MAX_LENGTH}
            value={text}
            error={error}
            data-autofocus
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isValidQuantityText(next)) setText(next);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={text === '' || !!error}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
