import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';

interface DeliveryNoteModalProps {
  distributorName: string;
  note: string;
  onClose: () => void;
  onSave: (note: string) => void;
}

/** The delivery note modal of review order on a phone (doc 1 §2); Clear is disabled while the note is empty (§5). */
export function DeliveryNoteModal({ distributorName, note, onClose, onSave }: DeliveryNoteModalProps) {
  const [text, setText] = useState(note);
  return (
    <Modal opened onClose={onClose} title={`Delivery note for ${distributorName}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave(text);
          onClose();
        }}
      >
        <Stack gap="md">
          <Textarea
            label="Delivery note"
            rows={3}
            maxLength={1000}
            value={text}
            data-autofocus
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Group justify="space-between" gap="sm">
            <Button variant="subtle" disabled={text === ''} onClick={() => setText('')}>
              Clear note
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Save</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
