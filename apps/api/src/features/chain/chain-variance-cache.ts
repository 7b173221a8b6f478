import { listSummaryVariances, sortChainVariances, type EquivalentVariance } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { rememberBounded } from '../../platform/bounded-memo';
import type { LocationRange } from './chain.repo';
import * as varianceRepo from './chain-variance.repo';
import { rangesKey, readVarianceVersion } from './chain-versions';

/**
 * The chain price variance's computed answer, kept per set of location ranges and checked against
 * versions on every request (issue 39 at chain scale, migration 0051; docs/decisions.md "Chain price
 * variance: a cached answer checked against versions"). Computing it reads ~70 k offers' rollups and
 * catalogue rows and groups them by the domain's matching rules: seconds for 200 locations. The
 * answer depends only on those locations' price rollups (versioned per location by
 * writeChainRollups) and the offers' names and packs (versioned by triggers on the catalogue), so
 * when none of the versions moved it is the same answer, and is served from here.
 *
 * Exact, not approximately fresh: the versions and the answer are read in one repeatable-read
 * snapshot, so an answer is stored under the versions of the data it was computed from.
 */
export type VarianceRow = EquivalentVariance & { name: string };

interface Entry {
  version: string;
  /** The listed groups in the domain's order for each sort asked for. */
  sorted: Map<string, VarianceRow[]>;
  offers: Map<number, varianceRepo.OfferSummaryRow>;
  /**
   * Locations that bought each listed offer in their ranges, for the offers of the pages asked so
   * far: read a page at a time under the entry's version (all 69 k listed offers at once took ~55 s
   * at chain scale, so the first answer after any order took a minute).
   */
  buyers: Map<number, number[]>;
  /** Pages already written as JSON, by sort, page and limit (a page of 20 groups is ~120 kB at chain scale). */
  texts: Map<string, Buffer>;
}

const MAX_ENTRIES = 32;
// Per database handle: location ids and versions mean something only within one database.
const caches = new WeakMap<Database, { entries: Map<string, Entry>; computing: Map<string, Promise<Entry>> }>();
let computations = 0;

/** How many answers were computed rather than served (tests: a hit computes none). */
export function countVarianceComputations(): number {
  return computations;
}

const readVersion = (db: Database, ranges: readonly LocationRange[]) =>
  readVarianceVersion(
    db,
    ranges.map((r) => r.locationId),
  );

/** Computes the listed groups from the rollups (the path every request took before 0051). */
async function compute(db: Database, ranges: readonly LocationRange[], version: string): Promise<Entry> {
  computations += 1;
  const summaries = await varianceRepo.listOfferSummaries(db, ranges);
  const offers = new Map(summaries.map((row) => [row.itemDistributorId, row]));
  const variances = listSummaryVariances(
    summaries.map((o) => ({
      itemDistributorId: o.itemDistributorId,
      name: o.name,
      genericName: o.genericName,
      manufacturer: o.manufacturer,
      manufacturerCode: o.manufacturerCode,
      packSize: o.packSize,
      unitMeasure: o.unitMeasure,
    })),
    summaries.map((row) => ({ ...row, paidCents: Number(row.paidCents) })),
  );
  const rows = variances.map((v) => ({ ...v, name: offers.get(v.itemDistributorId)!.description }));
  // Only the listed groups' offers are kept: the rest were bought at one price or by one location.
  const listed = new Map(rows.flatMap((v) => v.offerIds.map((id) => [id, offers.get(id)!] as const)));
  return { version, sorted: new Map([['', rows]]), offers: listed, buyers: new Map(), texts: new Map() };
}

/** Reads the buyers of the given offers into the entry (the caller's snapshot is at the entry's version). */
async function readBuyers(db: Database, ranges: readonly LocationRange[], entry: Entry, offerIds: number[]): Promise<void> {
  const found = await varianceRepo.listOfferBuyers(db, ranges, offerIds);
  for (const id of offerIds) entry.buyers.set(id, []);
  for (const row of found) entry.buyers.set(row.itemDistributorId, row.locationIds);
}

export interface VarianceAnswer {
  rows: VarianceRow[];
  offers: Map<number, varianceRepo.OfferSummaryRow>;
  buyers: Map<number, number[]>;
  /** The answer's pages as JSON text, kept with it (the caller bounds it: rememberBounded). */
  texts: Map<string, Buffer>;
}

/**
 * The listed groups over the ranges in the given sort, their offers, and the buyers of the offers on
 * the page asked for (`offset`, `limit` of the sorted groups), current as of one snapshot.
 */
export async function getVarianceAnswer(
  db: Database,
  ranges: readonly LocationRange[],
  sort: string,
  page: { offset: number; limit: number },
  /** The version as the caller read it with the membership (chain-versions varianceVersionOf), if it did. */
  current?: string,
): Promise<VarianceAnswer> {
  const key = rangesKey(ranges);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map(), computing: new Map() }));
  const { entries, computing } = cache;
  const sorted = (entry: Entry): VarianceRow[] => {
    let rows = entry.sorted.get(sort);
    if (!rows) entry.sorted.set(sort, (rows = sortChainVariances(entry.sorted.get('')!, sort)));
    return rows;
  };
  const unknownBuyers = (entry: Entry): number[] =>
    sorted(entry)
      .slice(page.offset, page.offset + page.limit)
      .flatMap((row) => row.offerIds)
      .filter((id) => !entry.buyers.has(id));
  const answer = (entry: Entry): VarianceAnswer => ({
    rows: sorted(entry),
    offers: entry.offers,
    buyers: entry.buyers,
    texts: entry.texts,
  });
  const cached = entries.get(key);
  // A hit needs at most one statement: the versions still those of the stored answer.
  if (cached && unknownBuyers(cached).length === 0 && (current ?? (await readVersion(db, ranges))) === cached.version) {
    return answer(cached);
  }
  return db.transaction(
    async (tx) => {
      const version = await readVersion(tx, ranges);
      let entry = entries.get(key);
      if (entry?.version !== version) {
        // Concurrent misses on the same answer and version wait for one computation.
        const flight = `${key}#${version}`;
        let pending = computing.get(flight);
        if (!pending) {
          computing.set(flight, (pending = compute(tx, ranges, version)));
          pending.finally(() => computing.delete(flight)).catch(() => undefined);
        }
        entry = await pending;
        rememberBounded(entries, key, entry, MAX_ENTRIES);
      }
      // Read in this snapshot, whose versions are the entry's: the same rollups it was computed from.
      const missing = unknownBuyers(entry);
      if (missing.length > 0) await readBuyers(tx, ranges, entry, missing);
      return answer(entry);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
