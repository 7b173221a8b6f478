import { useEffect, useId, useRef, type MouseEvent, type SyntheticEvent } from 'react';
import { Button, CloseButton, Group, Text } from '@mantine/core';
import { closeMessageModal, DEFAULT_MODAL_BUTTON_LABEL, useModalStack, type MessageModal } from '../shared/modals/modal-store';
import classes from './modal-stack.module.css';

/**
 * One message modal, as a native <dialog> opened with showModal(): the browser supplies the focus
 * trap, the inert page behind, Escape and the stacking order. It is part of the first chunk on
 * purpose, so the Offline notice opens even when nothing more can be downloaded.
 */
function MessageDialog({ modal }: { modal: MessageModal }) {
  const { id, title, message, buttonLabel, onConfirm, cancelLabel, onCancel: onCancelled, autoCloseMs } = modal;
  const isDismissible = modal.isDismissible ?? true;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();
  const isUnmounting = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    isUnmounting.current = false;
    if (dialog && !dialog.open) dialog.showModal();
    // React's autoFocus runs before showModal(), which would move focus to the close icon.
    confirmRef.current?.focus();
    return () => {
      isUnmounting.current = true;
      dialog?.close();
    };
  }, []);

  useEffect(() => {
    if (!autoCloseMs) return undefined;
    const timer = window.setTimeout(() => closeMessageModal(id), autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [id, autoCloseMs]);

  const dismiss = () => {
    closeMessageModal(id);
    onCancelled?.();
  };
  const confirm = () => {
    closeMessageModal(id);
    onConfirm?.();
  };
  // Escape fires "cancel"; the store, not the browser, decides whether the dialog goes away.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (isDismissible) dismiss();
  };
  // Browsers may close a dialog on their own (e.g. a repeated Escape); keep the store in step, and
  // reopen a modal that must be answered with its button.
  const onClose = () => {
    if (isUnmounting.current) return;
    if (isDismissible) dismiss();
    else dialogRef.current?.showModal();
  };
  // A click on the dialog element itself (not its content) is a click on the backdrop.
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (isDismissible && event.target === event.currentTarget) dismiss();
  };

  return (
    <dialog
      ref={dialogRef}
      className={classes.dialog}
      aria-labelledby={title ? titleId : messageId}
      aria-describedby={title ? messageId : undefined}
      onCancel={onCancel}
      onClose={onClose}
      onClick={onBackdropClick}
    >
      <div className={classes.content}>
        {(title || isDismissible) && (
          <Group justify="space-between" wrap="nowrap" mb="xs" align="flex-start">
            {title ? (
              <Text id={titleId} fw={700} fz="lg">
                {title}
              </Text>
            ) : (
              <span />
            )}
            {isDismissible && <CloseButton aria-label="Close" onClick={dismiss} />}
          </Group>
        )}
        <Text id={messageId}>{message}</Text>
        <Group justify="flex-end" mt="lg">
          {cancelLabel && (
            <Button variant="default" onClick={dismiss}>
              {cancelLabel}
            </Button>
          )}
          <Button ref={confirmRef} onClick={confirm}>
            {buttonLabel ?? DEFAULT_MODAL_BUTTON_LABEL}
          </Button>
        </Group>
      </div>
    </dialog>
  );
}

/** Renders the global modal stack (doc 3 §2.3); mounted once, inside the router so modal actions can navigate. */
export function ModalStack() {
  const modals = useModalStack((s) => s.modals);
  return (
    <>
      {modals.map((modal) => (
        // The key carries the content so a replaced modal (same id, new text) reopens and is announced again.
        <MessageDialog key={`${modal.id}:${modal.title ?? ''}:${modal.message}`} modal={modal} />
      ))}
    </>
  );
}
