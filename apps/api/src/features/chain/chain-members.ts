import { sql } from 'drizzle-orm';
import { canOpenChain } from '@stockpot/domain';
import { analyticsStaleSql, queryRowsPrepared, type Database } from '@stockpot/db';
import { rememberBounded } from '../../platform/bounded-memo';
import { forbidden } from '../../platform/errors';
import {
  intArray,
  listMemberLocationsStamped,
  memberIdsSql,
  memberStampSql,
  type MemberLocation,
  type MemberVersions,
} from './chain.repo';
import { versionColumns } from './chain-versions';

/**
 * Every chain read starts from the user's memberships: its security boundary. For an owner of 200
 * locations, reading them (names, time zones, and each one's versions and stale days) cost more than
 * the rest of the answer, mostly in decoding 200 rows. The names and time zones are kept per user in
 * the process under the user's membership stamp (migration 0058: it moves when their memberships
 * change or one of their locations is renamed or changes time zone); each request reads the stamp,
 * the versions (each a sum over the locations: chain-versions.ts) and the stale days in one statement
 * of one row, so a membership removed a moment ago is never served, and the versions are as fresh as before.
 */
type Kind = 'rollups' | 'stock';

interface KeptMembership {
  stamp: string;
  locations: MemberLocation[];
  /** The location ids in id order: the order of the versions' strings. */
  ids: number[];
  idsKey: string;
  zones: string[];
}

export interface MemberCheck extends MemberVersions {
  stamp: string;
  stale: number[];
}

const MAX_USERS = 1_000;
const kept = new Map<string, KeptMembership>();
let membershipReads = 0;

/** How many memberships were read in full rather than served (tests: a hit reads none). */
export function countMembershipReads(): number {
  return membershipReads;
}

/**
 * The user's membership as of this request: the stamp and this request's versions (`check`, as
 * chain-versions' readers write them), and the kept ids and zones. The 200 location objects are
 * built only when `locations()` is asked for: a kept answer's hit needs the versions alone.
 */
export interface Membership {
  stamp: string;
  check: MemberCheck;
  /** The location ids in id order, and joined (a kept answer's key part). */
  ids: readonly number[];
  idsKey: string;
  /** The members' distinct time zones (the ranges of a time filter depend on each one's today). */
  zones: readonly string[];
  locations(): MemberLocation[];
}

/** readMembership's locations (listMemberLocations(db, userId, kind)). */
export async function getMemberLocations(db: Database, userId: number, kind: Kind): Promise<MemberLocation[]> {
  return (await readMembership(db, userId, kind)).locations();
}

/** The user's membership when it is a chain (two or more locations), else 403 with a sentence saying why. */
export async function readChain(db: Database, userId: number, kind: 'rollups' | 'stock'): Promise<Membership> {
  const membership = await readMembership(db, userId, kind);
  if (!canOpenChain(membership.ids.length)) {
    throw forbidden('The chain view compares two or more locations; you belong to one.');
  }
  return membership;
}

/** The membership, served from the kept one while the user's stamp holds (one statement of one row). */
export async function readMembership(db: Database, userId: number, kind: Kind): Promise<Membership> {
  const key = `${userId}|${kind}`;
  const entry = kept.get(key);
  if (entry) {
    const check = await readMemberCheck(db, userId, entry.ids, kind);
    if (check.stamp === entry.stamp) {
      let built: MemberLocation[] | undefined;
      return { ...entry, check, locations: () => (built ??= withStale(entry, check)) };
    }
  }
  membershipReads += 1;
  const { locations, stamp, versions } = await listMemberLocationsStamped(db, userId, versionColumns(kind, memberIdsSql(userId)));
  const ids = locations.map((l) => l.locationId).sort((a, b) => a - b);
  const read: KeptMembership = {
    stamp,
    locations,
    ids,
    idsKey: ids.join(','),
    zones: [...new Set(locations.map((l) => l.timezone))].sort(),
  };
  if (locations.length > 0) rememberBounded(kept, key, read, MAX_USERS);
  else kept.delete(key);
  const stale = locations.filter((l) => l.aggregateStale).map((l) => l.locationId);
  return { ...read, check: { stamp, ...versions, stale }, locations: () => locations };
}

/** The stamp, and the versions and stale days of the kept locations, in one snapshot. */
async function readMemberCheck(db: Database, userId: number, ids: readonly number[], kind: Kind): Promise<MemberCheck> {
  // The ids are one parameter, named once: each array parameter is parsed on its own.
  const stale = sql`(SELECT coalesce(array_agg(l.id), '{}') FROM unnest(i.ids) AS l(id) WHERE ${analyticsStaleSql(sql`l.id`)})`;
  const [row] = await queryRowsPrepared<MemberCheck>(
    db,
    sql`SELECT ${memberStampSql(userId)} AS stamp, ${versionColumns(kind, sql`i.ids`)}, ${stale} AS stale
        FROM (SELECT ${intArray(ids)} AS ids) i`,
  );
  return row;
}

/** The kept locations with this request's stale days (new objects: the kept ones stay as read). */
function withStale(entry: KeptMembership, check: MemberCheck): MemberLocation[] {
  const stale = new Set(check.stale);
  return entry.locations.map((location) => ({ ...location, aggregateStale: stale.has(location.locationId) }));
}
