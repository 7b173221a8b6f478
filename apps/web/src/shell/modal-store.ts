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

export function closeMessageModal(id: string): void {
  useModalStack.setState(({ modals }) => ({ modals: modals.filter((m) => m.id !== id) }));
}

export function closeAllMessageModals(): void {
  useModalStack.setState({ modals: [] });
}
