import { create } from 'zustand';

export const DEFAULT_MODAL_BUTTON_LABEL = 'Ok!';

/** A message modal of the global stack (doc 3 §2.3 "A modal stack … global"). */
export interface MessageModal {
  id: string;
  title?: string;
  message: string;
  /** Defaults to 'Ok!'. */
  buttonLabel?: string;
  /** Runs after the button closes the modal. */
  onConfirm?: () => void;
  /** A second, secondary button (e.g. 'Cancel' of a confirmation); closing the modal any other way counts as it too. */
  cancelLabel?: string;
  /** Runs when the modal closes without its main button. */
  onCancel?: () => void;
  /** When false the only way out is the button (no close icon, Escape or outside click). */
  isDismissible?: boolean;
  autoCloseMs?: number;
}

export type MessageModalInput = Omit<MessageModal, 'id'> & { id?: string };

interface ModalStackState {
  modals: MessageModal[];
}

export const useModalStack = create<ModalStackState>()(() => ({ modals: [] }));

let nextId = 0;

/** Opens a modal on top of the stack; reusing an id replaces that modal instead of stacking a twin. */
export function openMessageModal(input: MessageModalInput): string {
  const id = input.id ?? `modal-${++nextId}`;
  const modal: MessageModal = { ...input, id };
  useModalStack.setState(({ modals }) => ({ modals: [...modals.filter((m) => m.id !== id), modal] }));
  return id;
}

/** A question with two answers, e.g. the removal confirmation of doc 1 §5. */
export function openConfirmModal(input: {
  id?: string;
  title?: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel?: () => void;
}): string {
  const { confirmLabel, cancelLabel = 'Cancel', ...rest } = input;
  return openMessageModal({ ...rest, buttonLabel: confirmLabel, cancelLabel });
}

export function closeMessageModal(id: string): void {
  useModalStack.setState(({ modals }) => ({ modals: modals.filter((m) => m.id !== id) }));
}

export function closeAllMessageModals(): void {
  useModalStack.setState({ modals: [] });
}
