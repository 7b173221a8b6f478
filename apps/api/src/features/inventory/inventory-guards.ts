/**
 * What the inventory view's services check before they read or write: the list, group or item is
 * the location's (else a 404), the user may change the view's structure (editComparisonView), and a
 * name taken by a concurrent write answers as the duplicate it is.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';
import { NO_EDIT_PERMISSION } from '@stockpot/domain';
import { AppError, forbidden, notFound } from '../../platform/errors';
import * as listsRepo from './inventory-lists.repo';
import * as groupsRepo from './inventory-groups.repo';
import type { GroupRow } from './inventory-groups.repo';

export const listNotFound = () => notFound('Inventory list');
export const groupNotFound = () => notFound('Generic group');
export const itemNotFound = () => notFound('Item');

/** A unique-index violation from either driver (a name taken by a concurrent write). */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a write; a unique violation the checks did not see (a concurrent write) answers as the duplicate it is. */
export async function withDuplicate<T>(write: () => Promise<T>, duplicate: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** editComparisonView (doc 2 §6) governs every change to the view's structure; counting on hand is open to all. */
export async function requireEditor(db: Database, userId: number): Promise<void> {
  const [row] = await queryRows<{ canEdit: boolean }>(
    db,
    sql`SELECT edit_comparison_view AS "canEdit" FROM users WHERE id = ${userId}`,
  );
  if (!row?.canEdit) throw forbidden(NO_EDIT_PERMISSION);
}

/** Answers 404 when the list is not one of the location's. */
export async function requireList(db: Database, locationId: number, listId: number): Promise<void> {
  if (!(await listsRepo.findList(db, locationId, listId))) throw listNotFound();
}

export async function requireGroup(db: Database, locationId: number, listId: number, groupId: number): Promise<GroupRow> {
  const group = await groupsRepo.findGroup(db, locationId, listId, groupId);
  if (!group) throw groupNotFound();
  return group;
}
