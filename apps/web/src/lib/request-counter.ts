import { countRequests } from '@stockpot/domain';

// A plain external store rather than React state: the API client runs outside components.
let pending = 0;
const listeners = new Set<() => void>();

function update(event: 'request' | 'response'): void {
  pending = countRequests(pending, event);
  listeners.forEach((listener) => listener());
}

export function markRequestStarted(): void {
  update('request');
}

export function markRequestFinished(): void {
  update('response');
}

export function getPendingRequests(): number {
  return pending;
}

export function subscribeToPendingRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
