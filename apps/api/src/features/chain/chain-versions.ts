import { sql, type SQL } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';
import { intArray, type LocationRange, type MemberVersions } from './chain.repo';

/**
 * The versions the chain view's kept answers are checked against, each the sum of the locations'
 * versions (one statement: the hit path of every kept answer). A location's version only ever moves
 * up (each write takes a new value of its sequence after it holds the version row: migration 0066),
 * and a location without a row counts 0, so for one set of locations an unchanged sum is unchanged
 * data; the set itself is the caller's key (or the membership's stamp).
 */

type VersionTable = 'chain_price_versions' | 'suggestion_versions' | 'stock_versions';

/**
 * The sum of the versions in `table` of the locations in `ids` (an int[] expression), as text. A
 * semi join on the unnested ids, not `= ANY(ids)`: the pool's generic plans see the array as a
 * parameter, which PostgreSQL searches element by element for every row (200 × 200 for an owner of
 * 200 locations); hashed once, the owner's membership check took 0.37 ms instead of 0.44 (pgbench).
 */
export function versionSum(ids: SQL, table: VersionTable): SQL {
  return sql`(SELECT coalesce(sum(version), 0) FROM ${sql.raw(table)} WHERE location_id IN (SELECT unnest(${ids})))::text`;
}

const chainCatalog = sql`(SELECT version FROM chain_catalog_version)::text`;
const suggestionCatalog = sql`(SELECT version FROM suggestion_catalog_version)::text`;

/**
 * The versions of the locations in `ids` that a membership of `kind` is checked against, as the
 * columns of MemberVersions ('' for the other kind's): a membership check and a full read of the
 * membership write the same values.
 */
export function versionColumns(kind: 'rollups' | 'stock', ids: SQL): SQL {
  return kind === 'rollups'
    ? sql`${versionSum(ids, 'chain_price_versions')} AS rollups, '' AS groups, '' AS counts,
          ${chainCatalog} AS "chainCatalog", '' AS "suggestionCatalog"`
    : sql`'' AS rollups, ${versionSum(ids, 'suggestion_versions')} AS groups, ${versionSum(ids, 'stock_versions')} AS counts,
          '' AS "chainCatalog", ${suggestionCatalog} AS "suggestionCatalog"`;
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
  return readOne(db, versionSum(intArray(ids), 'chain_price_versions'));
}

/** The rollups and the catalogue's names and packs (0051): what the price variance reads. */
export function readVarianceVersion(db: Database, ids: readonly number[]): Promise<string> {
  return readOne(db, sql`${chainCatalog} || '/' || ${versionSum(intArray(ids), 'chain_price_versions')}`);
}

/**
 * What the stock page reads: the locations' inventory groups, their items, links and packs (0053:
 * the suggested order's versions, and the catalogue's), and the items' live counts (0057). `groups`
 * alone is what the shared names read.
 */
export async function readStockVersion(db: Database, ids: readonly number[]): Promise<{ groups: string; counts: string }> {
  const [row] = await queryRowsPrepared<{ groups: string; counts: string }>(
    db,
    sql`SELECT ${versionSum(intArray(ids), 'suggestion_versions')} AS groups,
               ${suggestionCatalog} || '/' || ${versionSum(intArray(ids), 'stock_versions')} AS counts`,
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

/** readVarianceVersion's string, from a membership check. */
export const checkedVarianceVersion = (check: MemberVersions): string => `${check.chainCatalog}/${check.rollups}`;

/** readStockVersion's strings joined as the stock page keeps them (`groups|counts`), from a membership check. */
export const checkedStockVersion = (check: MemberVersions): string =>
  `${check.groups}|${check.suggestionCatalog}/${check.counts}`;
