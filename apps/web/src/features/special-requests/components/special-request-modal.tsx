import { Modal } from '@mantine/core';
import { closeSpecialRequestModal, useSpecialRequestLauncher } from '../../../shared/modals/special-request-launcher';
import { SpecialRequestForm } from './special-request-form';

/** The Add Special Request modal (doc 1 §2), opened from the list prompt or a punched-out item's notice. */
export function SpecialRequestModal() {
  const isOpen = useSpecialRequestLauncher((s) => s.isOpen);
  const prefill = useSpecialRequestLauncher((s) => s.prefill);
  return (
    <Modal
      opened={isOpen}
      onClose={closeSpecialRequestModal}
      title="Add Special Request"
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <SpecialRequestForm prefill={prefill} onAdded={closeSpecialRequestModal} onCancel={closeSpecialRequestModal} />
    </Modal>
  );
}
