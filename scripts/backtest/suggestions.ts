/**
 * npm run backtest:suggestions (issue 37): replays Harbor Grill's history. For each past order day,
 * the suggested order's expected use until the delivery after next (the model fed only with the
 * counts, receipts and POS sales known that day) against the use that then happened over the same
 * days (measured between the counts around them, with the receipts). Prints the median absolute
 * error per group (in its unit) and overall (as a share of the actual use). Runs on an embedded
 * PGlite demo database seeded as the API tests are, or on DATABASE_URL when set (read only).
 * `--locations 176,108` replays those locations instead of Harbor Grill, `--chain 10` the first ten
 * locations with POS sales and two completed counts (the chain-scale data set).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '@stockpot/db';
import { DEMO_IDS, seedDemo } from '@stockpot/db/seed';
import { chooseBasis, measureWeekdayUse, sumExpectedUse } from '@stockpot/domain';
import { loadPosUse } from '../../apps/api/src/features/suggested-orders/pos-basis';
import { loadBacktestData } from './backtest-data';
import { measureActualUse, median } from './backtest-math';

/** The demo's fixed day, as the API tests seed it, so two runs print the same figures. */
const DEMO_TODAY = '2026-11-02';

interface Sample {
  group: string;
  unit: string;
  basis: string;
  error: number;
  /** The same day's error of the counts basis alone, to tell the POS basis's share; null without two counts. */
  countsError: number | null;
  actual: number;
}

const { values: args } = parseArgs({
  options: {
    /** Location ids to replay, comma-separated (default: the demo's Harbor Grill). */
    locations: { type: 'string' },
    /** Replay the first N locations that have two completed counts and POS sales (the chain data). */
    chain: { type: 'string' },
  },
});

/** The locations with something to replay: recipe costing, POS sales and at least two completed counts. */
async function findChainLocations(db: Database, count: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT l.id FROM locations l
        WHERE l.display_recipe_costing AND EXISTS (SELECT 1 FROM pos_sales s WHERE s.location_id = l.id)
          AND (SELECT count(*) FROM inventories i WHERE i.location_id = l.id AND i.status = 'completed') >= 2
        ORDER BY l.id LIMIT ${count}`,
  );
  return rows.map((r) => r.id);
}

/** One location's replay: per past order day and group, the predicted use against the one measured. */
async function replayLocation(db: Database, locationId: number): Promise<{ samples: Sample[]; days: number }> {
  const data = await loadBacktestData(db, locationId);
  const samples: Sample[] = [];
  for (let i = 0; i < data.orderDays.length; i += 1) {
    const day = data.orderDays[i];
    // The horizon the model plans for: up to the delivery of the next order (the delivery after next).
    const end = data.orderDays.slice(i + 1).find((d) => d.delivery > day.delivery)?.delivery;
    if (!end) continue;
    // From the history itself (read only): the aggregates would be topped up, a write.
    const pos = await loadPosUse(db, locationId, day.date, data.posGroups, data.groupOfItem, 'scan');
    for (const group of data.groups) {
      const counts = group.counts.filter((c) => c.date < day.date);
      const receipts = group.receipts.filter((r) => r.date < day.date);
      const countsUse = measureWeekdayUse(counts, receipts);
      const { basis, use } = chooseBasis({ posUse: pos.use.get(group.id) ?? null, countsUse });
      const actual = measureActualUse(group.counts, group.receipts, day.date, end);
      if (!use || actual === null) continue;
      const predicted = sumExpectedUse(use, day.date, end);
      samples.push({
        group: group.name,
        unit: group.unit,
        basis,
        error: Math.abs(predicted - actual) / 100,
        countsError: countsUse ? Math.abs(sumExpectedUse(countsUse, day.date, end) - actual) / 100 : null,
        actual: actual / 100,
      });
    }
  }
  return { samples, days: data.orderDays.length };
}

async function main(): Promise<void> {
  const started = performance.now();
  const url = process.env.DATABASE_URL;
  const handle = await openDatabase(url ? { url, poolSize: 2 } : {});
  try {
    if (!url) {
      await handle.migrate();
      await seedDemo(handle.db, { today: DEMO_TODAY });
    }
    const locationIds = args.locations
      ? args.locations.split(',').map(Number)
      : args.chain
        ? await findChainLocations(handle.db, Number(args.chain))
        : [DEMO_IDS.locations.harborGrill];
    const samples: Sample[] = [];
    let days = 0;
    for (const locationId of locationIds) {
      const replay = await replayLocation(handle.db, locationId);
      console.log(`location ${locationId}: ${replay.days} order days, ${replay.samples.length} group-days`);
      samples.push(...replay.samples);
      days += replay.days;
    }
    printReport(samples, locationIds, days, performance.now() - started);
  } finally {
    await handle.close();
  }
}

function printReport(samples: readonly Sample[], locationIds: readonly number[], days: number, ms: number): void {
  const byGroup = new Map<string, Sample[]>();
  for (const s of samples) byGroup.set(s.group, [...(byGroup.get(s.group) ?? []), s]);
  const where = locationIds.length === 1 ? `location ${locationIds[0]}` : `${locationIds.length} locations`;
  console.log(`Suggested-order backtest, ${where}: ${days} order days, ${samples.length} group-days replayed`);
  console.log('group | basis | days | median abs error | counts alone | median actual use');
  for (const [group, list] of [...byGroup].sort((a, b) => a[0].localeCompare(b[0]))) {
    const unit = list[0].unit;
    const bases = [...new Set(list.map((s) => s.basis))].join('/');
    const err = median(list.map((s) => s.error)).toFixed(2);
    const countsErrors = list.flatMap((s) => (s.countsError === null ? [] : [s.countsError]));
    const cErr = countsErrors.length > 0 ? `${median(countsErrors).toFixed(2)} ${unit}` : '–';
    const act = median(list.map((s) => s.actual)).toFixed(2);
    console.log(`${group} | ${bases} | ${list.length} | ${err} ${unit} | ${cErr} | ${act} ${unit}`);
  }
  // Units differ between groups, so the overall figure is relative: the error as a share of the actual use.
  const relative = samples.filter((s) => s.actual > 0).map((s) => s.error / s.actual);
  console.log(`overall median abs error: ${(median(relative) * 100).toFixed(1)}% of actual use (${relative.length} group-days)`);
  for (const basis of ['pos', 'counts']) {
    const r = samples.filter((s) => s.basis === basis && s.actual > 0).map((s) => s.error / s.actual);
    if (r.length > 0) console.log(`  basis ${basis}: ${(median(r) * 100).toFixed(1)}% (${r.length})`);
  }
  const countsOnly = samples.flatMap((s) => (s.countsError !== null && s.actual > 0 ? [s.countsError / s.actual] : []));
  if (countsOnly.length > 0) {
    console.log(`  counts basis alone on the same days: ${(median(countsOnly) * 100).toFixed(1)}% (${countsOnly.length})`);
  }
  console.log(`took ${(ms / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
