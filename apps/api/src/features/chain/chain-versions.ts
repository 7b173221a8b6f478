import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';
import { intArray, type LocationRange, type MemberLocation } from './chain.repo';

/**
 * The versions the chain view's kept answers are checked against, each read as one string (one
 * statement: the hit path of every kept answer). A version only ever comes from a sequence, so an
 * unchanged string is unchanged data.
 */

/** `<part>` per location, in id order: `coalesce(<table>.version, 0)` for each of the ids (a fixed text: the ids are one parameter). */
export function perLocation(ids: readonly number[], table: 'chain_price_versions' | 'suggestion_versions' | 'stock_versions') {
  const sorted = [...ids].sort((a, b) => a - b);
  return sql`coalesce((SELECT string_agg(coalesce(v.version, 0)::text, ',' ORDER BY l.id)
    FROM unnest(${intArray(sorted)}) AS l(id) LEFT JOIN ${sql.raw(table)} v ON v.location_id = l.id), '')`;
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
const joined = (locations: readonly Versioned[], part: 'rollups' | 'groups' | 'counts') =>
  inIdOrder(locations)
    .map((l) => l.versions[part])
    .join(',');

/** readRollupVersion's string. */
export const rollupVersionOf = (locations: readonly Versioned[]): string => joined(locations, 'rollups');

/** readVarianceVersion's string. */
export const varianceVersionOf = (locations: readonly Versioned[]): string =>
  `${locations[0]?.versions.chainCatalog ?? ''}/${joined(locations, 'rollups')}`;

/** readStockVersion's strings. */
export const stockVersionOf = (locations: readonly Versioned[]): { groups: string; counts: string } => ({
  groups: joined(locations, 'groups'),
  counts: `${locations[0]?.versions.suggestionCatalog ?? ''}/${joined(locations, 'counts')}`,
});
