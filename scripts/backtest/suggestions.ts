/**
 * npm run backtest:suggestions (issue 37): replays Harbor Grill's history. For each past order day,
 * the suggested order's expected use until the delivery after next (the model fed only with the
 * counts, receipts and POS sales known that day) against the use that then happened over the same
 * days (measured between the counts around them, with the receipts). Prints the median absolute
 * error per group (in its unit) and overall (as a share of the actual use). Runs on an embedded
 * PGlite demo database seeded as the API tests are, or on DATABASE_URL when set (read only).
 */
import { openDatabase } from '@stockpot/db';
import { DEMO_IDS, seedDemo } from '@stockpot/db/seed';
import { chooseBasis, measureWeekdayUse, sumExpectedUse } from '@stockpot/domain';
import { loadPosUse } from '../../apps/api/src/features/suggested-orders/pos-basis';
import { loadBacktestData } from './backtest-data';
import { measureActualUse, median } from './backtest-math';

const LOCATION_ID = DEMO_IDS.locations.harborGrill;
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

async function main(): Promise<void> {
  const started = performance.now();
  const url = process.env.DATABASE_URL;
  const handle = await openDatabase(url ? { url, poolSize: 2 } : {});
  try {
    if (!url) {
      await handle.migrate();
      await seedDemo(handle.db, { today: DEMO_TODAY });
    }
    const data = await loadBacktestData(handle.db, LOCATION_ID);
    const samples: Sample[] = [];
    for (let i = 0; i < data.orderDays.length; i += 1) {
      const day = data.orderDays[i];
      // The horizon the model plans for: up to the delivery of the next order (the delivery after next).
      const end = data.orderDays.slice(i + 1).find((d) => d.delivery > day.delivery)?.delivery;
      if (!end) continue;
      // From the history itself (read only): the aggregates would be topped up, a write.
      const pos = await loadPosUse(handle.db, LOCATION_ID, day.date, data.posGroups, data.groupOfItem, 'scan');
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
    printReport(samples, data.orderDays.length, performance.now() - started);
  } finally {
    await handle.close();
  }
}

function printReport(samples: readonly Sample[], days: number, ms: number): void {
  const byGroup = new Map<string, Sample[]>();
  for (const s of samples) byGroup.set(s.group, [...(byGroup.get(s.group) ?? []), s]);
  console.log(`Suggested-order backtest, Harbor Grill: ${days} order days, ${samples.length} group-days replayed`);
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
