import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';
import { intArray, type LocationRange, type MemberLocation } from './chain.repo';

/**
 * The versions the chain view's kept answers are checked against, each read as one string (one
 * statement: the hit path of every kept answer). A version only ever comes from a sequence, so an
 * unchanged string is unchanged data.
 */

/**
 * The locations' versions in `table` as one string: `<location id>:<version>` for each of the ids
 * with a row, in id order (a fixed text: the ids are one parameter). Read from the table alone, no
 * join with the ids (a left join that wrote a 0 for each location without a row was a third of the
 * statement for 200 locations).
 */
export function perLocation(ids: readonly number[], table: 'chain_price_versions' | 'suggestion_versions' | 'stock_versions') {
  const sorted = [...ids].sort((a, b) => a - b);
  return sql`coalesce((SELECT string_agg(v.location_id || ':' || v.version, ',') FROM (
    SELECT location_id, version FROM ${sql.raw(table)} WHERE location_id = ANY(${intArray(sorted)}) ORDER BY location_id) v), '')`;
}

/** perLocation's string as a map from location id to version. */
export function parsePerLocation(text: string): Map<number, string> {
  const versions = new Map<number, string>();
  for (const pair of text ? text.split(',') : []) {
    const colon = pair.indexOf(':');
    versions.set(Number(pair.slice(0, colon)), pair.slice(colon + 1));
  }
  return versions;
}

async function readOne(db: Database, version: ReturnType<typeof sql>): Promise<string> {
  const [row] = await queryRowsPrepared<{ version: string }>(db, sql`SELECT ${version} AS version`);
  return row.version;
}

/**
 * The locations' analytics rollups (analytics_days and its periods, the price rollups): moved by
 * writeChainRollups in every transaction that rewrites a location's days (migration 0051).
 */
export function readRollupVersion(db: Database, ids: readonly number[]): Promise<string> {
  return readOne(db, perLocation(ids, 'chain_price_versions'));
}

/** The rollups and the catalogue's names and packs (0051): what the price variance reads. */
export function readVarianceVersion(db: Database, ids: readonly number[]): Promise<string> {
  return readOne(
    db,
    sql`(SELECT version FROM chain_catalog_version)::text || '/' || ${perLocation(ids, 'chain_price_versions')}`,
  );
}

/**
 * What the stock page reads: the locations' inventory groups, their items, links and packs (0053:
 * the suggested order's versions, and the catalogue's), and the items' live counts (0057). `groups`
 * alone is what the shared names read.
 */
export async function readStockVersion(db: Database, ids: readonly number[]): Promise<{ groups: string; counts: string }> {
  const [row] = await queryRowsPrepared<{ groups: string; counts: string }>(
    db,
    sql`SELECT ${perLocation(ids, 'suggestion_versions')} AS groups,
               (SELECT version FROM suggestion_catalog_version)::text || '/' || ${perLocation(ids, 'stock_versions')} AS counts`,
  );
  return row;
}

/** A set of location ranges as a key: the same locations and dates in any order are the same key. */
export function rangesKey(ranges: readonly LocationRange[]): string {
  return [...ranges]
    .sort((a, b) => a.locationId - b.locationId)
    .map((r) => `${r.locationId}:${r.startDate}:${r.endDate}`)
    .join(',');
}

/*
 * The same strings from the versions read with the membership (listMemberLocations), so a kept
 * answer's hit needs no statement of its own. Each equals its reader's for the same locations at the
 * same moment (chain-kept-answers.test.ts compares them).
 */
type Versioned = Pick<MemberLocation, 'locationId' | 'versions'>;
const inIdOrder = (locations: readonly Versioned[]) => [...locations].sort((a, b) => a.locationId - b.locationId);
// A location without a row reads as version 0 in the membership ('' where the part was not read): not in perLocation's string.
export const perLocationOf = (locations: readonly Versioned[], part: 'rollups' | 'groups' | 'counts'): string =>
  inIdOrder(locations)
    .filter((l) => l.versions[part] !== '0' && l.versions[part] !== '')
    .map((l) => `${l.locationId}:${l.versions[part]}`)
    .join(',');

/** perLocation's string of each version table the membership check read (chain-members MemberCheck). */
interface CheckedVersions {
  rollups: string;
  groups: string;
  counts: string;
  chainCatalog: string;
  suggestionCatalog: string;
}

/** readVarianceVersion's string, from a membership check. */
export const checkedVarianceVersion = (check: CheckedVersions): string => `${check.chainCatalog}/${check.rollups}`;

/** readStockVersion's strings joined as the stock page keeps them (`groups|counts`), from a membership check. */
export const checkedStockVersion = (check: CheckedVersions): string =>
  `${check.groups}|${check.suggestionCatalog}/${check.counts}`;

/** readRollupVersion's string. */
export const rollupVersionOf = (locations: readonly Versioned[]): string => perLocationOf(locations, 'rollups');

/** readVarianceVersion's string. */
export const varianceVersionOf = (locations: readonly Versioned[]): string =>
  `${locations[0]?.versions.chainCatalog ?? ''}/${perLocationOf(locations, 'rollups')}`;

/** readStockVersion's strings. */
export const stockVersionOf = (locations: readonly Versioned[]): { groups: string; counts: string } => ({
  groups: perLocationOf(locations, 'groups'),
  counts: `${locations[0]?.versions.suggestionCatalog ?? ''}/${perLocationOf(locations, 'counts')}`,
});
