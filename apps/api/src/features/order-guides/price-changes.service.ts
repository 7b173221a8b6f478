import type { Database } from '@stockpot/db';
import {
  compareGuidePrices,
  findCheaperGroupOptions,
  parseCents,
  PRICE_CHANGES_LIMIT,
  type GroupInput,
  type GroupOption,
  type PriceChanges,
} from '@stockpot/domain';
import { notFound } from '../../platform/errors';
import { selectGroupOptions, selectGuideAndPrevious, selectGuideDifferences, type GroupOptionRow } from './price-changes.repo';

const cents = (price: string | null): number | null => (price === null ? null : parseCents(price));

/**
 * An option's price before and after the guide: the guide's own distributor is priced by the two
 * guides (an item missing from the new one was punched out by it); other distributors' options did
 * not change with this guide, so both sides take the location's price today.
 */
function toGroupOption(row: GroupOptionRow, distributorId: number): GroupOption {
  const own = row.distributorId === distributorId;
  return {
    itemDistributorId: row.itemDistributorId,
    name: row.name,
    distributorName: row.distributorName,
    packSize: row.packSize,
    unitMeasure: row.unitMeasure,
    isPreferred: row.isPreferred,
    beforeCents: cents(own ? row.previousPrice : row.currentPrice),
    afterCents: cents(own ? row.guidePrice : row.currentPrice),
  };
}

/** GET order-guides/{id}/price-changes: what one of the location's guides changed, and cheaper options it opened up. */
export async function getPriceChanges(db: Database, locationId: number, guideId: number): Promise<PriceChanges> {
  const found = await selectGuideAndPrevious(db, locationId, guideId);
  if (!found) throw notFound('Order guide');
  const { guide, previous } = found;
  const rows = await selectGuideDifferences(db, locationId, guide.id, previous?.id ?? null);
  const comparison = compareGuidePrices(
    // Without a previous guide nothing "changed": every line is simply on the first guide.
    rows.map((row) => ({
      itemDistributorId: row.itemDistributorId,
      beforeCents: previous ? cents(row.before) : null,
      afterCents: cents(row.after),
    })),
  );
  const byId = new Map(rows.map((row) => [row.itemDistributorId, row]));

  const touched = previous ? rows.map((row) => row.itemDistributorId) : [];
  const optionRows = await selectGroupOptions(db, locationId, touched, guide.id, previous?.id ?? null);
  const groups = new Map<number, GroupInput & { options: GroupOption[] }>();
  for (const row of optionRows) {
    const group = groups.get(row.groupId) ?? { groupId: row.groupId, name: row.groupName, options: [] };
    group.options.push(toGroupOption(row, guide.distributorId));
    groups.set(row.groupId, group);
  }

  return {
    guide: { id: guide.id, distributorId: guide.distributorId, startDate: guide.startDate },
    previousGuide: previous ? { id: previous.id, startDate: previous.startDate } : null,
    summary: { up: comparison.up, down: comparison.down, added: comparison.added, removed: comparison.removed },
    changes: comparison.changes.slice(0, PRICE_CHANGES_LIMIT).map((change) => {
      const row = byId.get(change.itemDistributorId)!;
      return {
        ...change,
        din: row.din,
        name: row.name,
        brand: row.brand,
        packSize: row.packSize,
        unitMeasure: row.unitMeasure,
      };
    }),
    cheaperGroups: findCheaperGroupOptions([...groups.values()]),
  };
}
