import { useEffect, useState, useSyncExternalStore } from 'react';
import { Image, Loader, Overlay, Center, VisuallyHidden } from '@mantine/core';
import { isSpinnerVisible } from '@stockpot/domain';
import { getPendingRequests, subscribeToPendingRequests } from '../lib/request-counter';
import { useSession } from '../lib/session-store';

/** Requests that answer faster than this never show the overlay, so quick calls do not flash it. */
export const SPINNER_DELAY_MS = 400;

function usePendingRequests(): number {
  return useSyncExternalStore(subscribeToPendingRequests, getPendingRequests, getPendingRequests);
}

/** The request-counting spinner (doc 3 §4 "Spinner"), branded with the company's image when it has one. */
export function SpinnerOverlay() {
  const isBusy = isSpinnerVisible(usePendingRequests());
  const [hasWaited, setHasWaited] = useState(false);
  const spinnerImage = useSession((s) => s.activeLocation?.company.spinner_image_url ?? null);

  useEffect(() => {
    if (!isBusy) return undefined;
    const timer = window.setTimeout(() => setHasWaited(true), SPINNER_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setHasWaited(false);
    };
  }, [isBusy]);

  if (!isBusy || !hasWaited) return null;
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.25} blur={1} data-testid="spinner-overlay">
      <Center h="100%" role="status" aria-live="polite">
        {spinnerImage ? <Image src={spinnerImage} alt="" w={72} h={72} fit="contain" /> : <Loader size="lg" />}
        <VisuallyHidden>Loading…</VisuallyHidden>
      </Center>
    </Overlay>
  );
}
