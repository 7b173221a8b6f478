/** What every factory shares: the insert type, the distinct-name counter and the custom-order spacing. */
import { renumberSortIndexes } from '@stockpot/domain';

export type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** A counter that makes every built name, DIN and id distinct within a database. */
let sequence = 0;
export const next = () => {
  sequence += 1;
  return sequence;
};

/** Offers in the order given, each with its custom-order index (the one reorder rule's spacing). */
export function inCustomOrder(itemDistributorIds: number[]): { itemDistributorId: number; sortIndex: number }[] {
  const indexes = renumberSortIndexes(itemDistributorIds.length);
  return itemDistributorIds.map((itemDistributorId, position) => ({ itemDistributorId, sortIndex: indexes[position] }));
}
