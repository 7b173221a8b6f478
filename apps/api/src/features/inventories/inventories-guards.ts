/**
 * The checks every inventory call starts from: display_inventory is on (doc 2 §6), the 404s, the
 * messages a refused transition answers, and an inventory row in its response shape.
 */
import { type Database } from '@stockpot/db';
import { INVENTORIES_TEXTS, parseCents, type PastInventory } from '@stockpot/domain';
import { AppError, forbidden, notFound } from '../../platform/errors';
import * as repo from './inventories.repo';
import type { InventoryRow } from './inventories.repo';

export const INVENTORY_DISABLED = 'Inventory counts are not turned on for this location.';
export const ALREADY_ACTIVE = 'An inventory is already under way. Review and complete it before starting another.';
export const NOTHING_TO_COMPLETE = 'There is no inventory under way to complete.';
export const ALREADY_COMPLETE = 'This inventory is already complete.';
export const NOT_COMPLETE = 'This inventory is under way, not complete: there is nothing to reopen.';
export const OTHER_ACTIVE = 'Another inventory is under way. Complete it before reopening this one.';
export const NOT_ACTIVE = 'This inventory is complete. Reopen it before changing its counts.';
/** The spreadsheet's file URL; Download fetches it with the session. */
export const spreadsheetUrl = (id: number) => `/api/v1/inventory/spreadsheet?id=${id}`;

export const inventoryNotFound = () => notFound('Inventory');
export const noInventory = () => new AppError(404, 'not_found', INVENTORIES_TEXTS.noInventory);

/** display_inventory (doc 2 §6) governs every lifecycle call. */
export async function requireEnabled(db: Database, locationId: number): Promise<{ activeInventoryId: number | null }> {
  const flags = await repo.findLocationFlags(db, locationId);
  if (!flags) throw notFound('Location');
  if (!flags.displayInventory) throw forbidden(INVENTORY_DISABLED);
  return flags;
}

export function toPastInventory(row: InventoryRow): PastInventory {
  return {
    id: row.id,
    start_date: row.startDate,
    completed_date: row.completedDate,
    total_on_hand_value: parseCents(row.totalOnHandValue),
    unitMeasure: 'USD',
    file_url: spreadsheetUrl(row.id),
    status: row.status,
  };
}
