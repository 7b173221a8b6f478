/**
 * The cart's version (doc 1 §4 "Simultaneous shopping"; issue 14 defect 10): the client's
 * lastModified read as an instant, and how far a save may trust it against the cart's own version.
 */

/** An ISO 8601 instant with a zone, up to microseconds: what GET shopping-carts gave the client. */
const CART_VERSION_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|([+-])(\d{2})(?::?(\d{2}))?)$/;

/**
 * A cart version (lastModified) as microseconds since 1970 UTC, or null when the text is not an
 * instant GET could have sent. Microseconds since 1970 stay well inside a double's exact range.
 */
export function parseCartVersion(text: string): number | null {
  const m = CART_VERSION_PATTERN.exec(text);
  if (!m) return null;
  const [, year, month, day, hour, minute, second, fraction = '', zone, sign, offsetHours, offsetMinutes = '0'] = m;
  const [mo, d, h, mi, s] = [month, day, hour, minute, second].map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const millis = Date.UTC(Number(year), mo - 1, d, h, mi, s);
  // Date.UTC rolls 31 February over into March: such a date is not one GET sent.
  if (new Date(millis).getUTCDate() !== d) return null;
  const offset = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  return (millis - offset * 60_000) * 1000 + Number(fraction.padEnd(6, '0'));
}

/** How much the save may trust the client's lastModified (doc 1 §4; issue 14 defect 10). */
export type ClientVersionStanding =
  /** The cart's version: nothing changed since the client loaded it. */
  | 'current'
  /** An earlier version: lines changed after it are someone else's. */
  | 'stale'
  /** None, or later than the cart's own version (which no GET can have sent): every line may have changed. */
  | 'unknown';

/** Where the client's version stands against the cart's: anything but the current version is stale or unknown. */
export function getClientVersionStanding(clientVersion: number | null, cartVersion: number): ClientVersionStanding {
  if (clientVersion === null || clientVersion > cartVersion) return 'unknown';
  return clientVersion === cartVersion ? 'current' : 'stale';
}
