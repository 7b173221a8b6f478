import type { LiveEvent } from '@stockpot/domain';

// Apart from the stream (live-events.ts) so that listening costs no zod: the stream's code, which
// checks every event with the domain's schema, loads after the page (issue 38).

type LiveListener = (event: LiveEvent) => void;
const listeners = new Set<LiveListener>();

/** Calls `listener` with every event of this tab's stream; returns how to stop. */
export function subscribeLiveEvents(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hands one event of the stream to every listener. */
export function emitLiveEvent(event: LiveEvent): void {
  listeners.forEach((listener) => listener(event));
}
