import { Button, Group, Modal, Text } from '@mantine/core';
import type { Popup } from '../api/get-popups';

/** One place-order pop-up; closing it (OK, Escape, the overlay) reports back so it is marked read. */
export function PopupModal({ popup, onClose }: { popup: Popup; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={popup.kind === 'broadcast' ? 'Announcement' : 'Message'} centered>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{popup.text}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>OK</Button>
      </Group>
    </Modal>
  );
}
