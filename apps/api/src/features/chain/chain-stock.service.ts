import { canOpenChain, parseCents, summariseSharedStock, type ChainStockRow } from '@stockpot/domain';
import type { Database } from '@stockpot/db';
import { forbidden } from '../../platform/errors';
import { listMemberLocations } from './chain.repo';
import { listSharedGroups } from './chain-stock.repo';

/**
 * GET chain/stock (issue 39 "Stock across locations"): today's stock, so no time filter. Below par
 * is the inventory's own rule (the units core converts each item's cases into the group's unit).
 */
export async function listChainStock(db: Database, userId: number): Promise<ChainStockRow[]> {
  const locations = await listMemberLocations(db, userId);
  if (!canOpenChain(locations.length)) {
    throw forbidden('The chain view compares two or more locations; you belong to one.');
  }
  const groups = await listSharedGroups(
    db,
    locations.map((l) => l.locationId),
  );
  return summariseSharedStock(
    groups.map((g) => ({
      locationId: g.locationId,
      name: g.name,
      parLevel: parseCents(g.parLevel) / 100,
      unitId: g.unitId,
      onHandValue: Number(g.onHandValue),
      items: g.items.map((item) => ({ ...item, totalOnHand: Number(item.totalOnHand) })),
    })),
  );
}
