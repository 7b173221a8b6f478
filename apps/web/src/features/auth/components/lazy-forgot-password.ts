import { useState, type ComponentType } from 'react';
import type { ForgotPasswordModal } from './forgot-password-modal';

type ModalComponent = ComponentType<Parameters<typeof ForgotPasswordModal>[0]>;

// The modal (Mantine's Modal, focus trap, scroll lock, the form hook: ~15 KB gzip) is left out of
// /login's first load (issue 38): most visitors sign in and never open it. One shared download;
// a failed one is forgotten so the next click tries again.
let download: Promise<ModalComponent> | null = null;
function loadModal(): Promise<ModalComponent> {
  download ??= import('./forgot-password-modal').then(
    (m) => m.ForgotPasswordModal,
    (error: unknown) => {
      download = null;
      throw error;
    },
  );
  return download;
}

/**
 * The Forgot Password modal, fetched when first wanted: `prefetch` on pointer or keyboard focus of
 * its button, `open` on click (the button shows `isLoading` until it has arrived).
 */
export function useLazyForgotPassword(onReady: () => void) {
  const [Modal, setModal] = useState<ModalComponent | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const prefetch = () => void loadModal().catch(() => undefined);
  const open = () => {
    if (Modal) return onReady();
    setIsLoading(true);
    setHasFailed(false);
    loadModal().then(
      (component) => {
        setModal(() => component);
        setIsLoading(false);
        onReady();
      },
      () => {
        setIsLoading(false);
        setHasFailed(true);
      },
    );
  };
  return { Modal, isLoading, hasFailed, prefetch, open };
}
