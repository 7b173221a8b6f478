/** The request-counting spinner (doc 3 §4 "Spinner"): +1 per request, −1 per response, never below 0. */
export function countRequests(current: number, event: 'request' | 'response'): number {
  return event === 'request' ? current + 1 : Math.max(0, current - 1);
}

export function isSpinnerVisible(count: number): boolean {
  return count > 0;
}
