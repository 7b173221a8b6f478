import { getLocationToday } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { rememberBounded } from '../../platform/bounded-memo';
import type { Membership } from './chain-members';
import { checkedStockVersion, checkedVarianceVersion } from './chain-versions';

/**
 * The chain view's answers as sent, kept per user and request under a signature of everything the
 * answer is made of: the user's membership stamp (who, named what, in which time zone), the versions
 * the answer's data is checked against (read with the membership, one statement), and for a time
 * filter each zone's today. For an owner of 200 locations, building the answer from its kept parts
 * (200 locations' ranges, the keys and version strings of 200, the answer's rows and JSON) cost
 * more than the rest of the request; a hit costs a string comparison
 * (docs/decisions.md "Chain answers kept as sent").
 *
 * A signature is read before the answer is built, and versions only move forward, so a kept text is
 * never older than its signature says; a signature that cannot be exact (days still to be refreshed)
 * is not given, and the answer is built and not kept.
 */
interface KeptText {
  signature: string;
  text: Buffer;
}

const MAX_TEXTS = 512;
// Per database handle: user ids and versions mean something only within one database.
const texts = new WeakMap<Database, Map<string, KeptText>>();
let builds = 0;

/** How many chain answers were built rather than served as kept text (tests: a hit builds none). */
export function countChainTextBuilds(): number {
  return builds;
}

export async function keptChainText(
  db: Database,
  key: string,
  signature: string | undefined,
  build: () => Promise<Buffer>,
): Promise<Buffer> {
  let entries = texts.get(db);
  if (!entries) texts.set(db, (entries = new Map()));
  const kept = entries.get(key);
  if (signature !== undefined && kept?.signature === signature) return kept.text;
  builds += 1;
  const text = await build();
  if (signature !== undefined) rememberBounded(entries, key, { signature, text }, MAX_TEXTS);
  return text;
}

/**
 * The signature of an answer over the membership's rollups (the summary, the price variance): undefined
 * while a member has days to refresh (the answer's build refreshes them and moves the versions).
 */
export function rollupsSignature(membership: Membership, now: Date): string | undefined {
  const { check } = membership;
  if (check.stale.length > 0) return undefined;
  const todays = membership.zones.map((zone) => getLocationToday(now, zone)).join(',');
  return `${membership.stamp}|${checkedVarianceVersion(check)}|${todays}`;
}

/** The signature of a stock page: today's stock, so no dates. */
export function stockSignature(membership: Membership): string {
  return `${membership.stamp}|${checkedStockVersion(membership.check)}`;
}
