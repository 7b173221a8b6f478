import { parseCartVersion } from '../cart/cart-version.rules';

/** Heartbeat of the live stream: a comment line this often keeps proxies from closing an idle stream. */
export const LIVE_HEARTBEAT_SECONDS = 25;

/** First wait before a dropped live stream is opened again, and the longest (doubling between). */
export const LIVE_RECONNECT_MIN_MS = 500;
export const LIVE_RECONNECT_MAX_MS = 30_000;

/**
 * Whether a live event's cart version is newer than the copy the client holds (issue 40): only then
 * is the cart read again. No copy, or a copy whose version cannot be read, is behind.
 */
export function isCartBehind(localVersion: string | null | undefined, eventVersion: string): boolean {
  const event = parseCartVersion(eventVersion);
  if (event === null) return false;
  const local = localVersion ? parseCartVersion(localVersion) : null;
  return local === null || local < event;
}

/**
 * The wait before reconnect attempt `attempt` (0 = the first after a drop): doubling from the
 * minimum up to the maximum, with `jitter` in [0, 1) spreading it to its upper half, so a server
 * restart is not met by every browser in the same millisecond.
 */
export function getReconnectDelayMs(attempt: number, jitter: number): number {
  const base = Math.min(LIVE_RECONNECT_MAX_MS, LIVE_RECONNECT_MIN_MS * 2 ** Math.max(0, Math.min(attempt, 16)));
  return Math.round(base / 2 + (base / 2) * Math.min(Math.max(jitter, 0), 0.999));
}

/**
 * Whether the stream must send the cart version at its start: when the client's last version
 * (query or Last-Event-ID) is not the cart's current one, it missed a change while disconnected.
 */
export function shouldSendCartVersion(clientVersion: string | null | undefined, currentVersion: string): boolean {
  if (!clientVersion) return true;
  const client = parseCartVersion(clientVersion);
  return client === null || client !== parseCartVersion(currentVersion);
}
