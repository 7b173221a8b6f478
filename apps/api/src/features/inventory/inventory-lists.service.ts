/** The inventory lists (comparison views) of a location: read, create, rename, mark on inventory, delete (doc 2 §7). */
import type { Database } from '@stockpot/db';
import { toPageMeta, type InventoryList, type PageMeta } from '@stockpot/domain';
import { badRequest } from '../../platform/errors';
import * as repo from './inventory-lists.repo';
import type { ListRow } from './inventory-lists.repo';
import { listNotFound, requireEditor, withDuplicate } from './inventory-guards';

const duplicateList = (name: string) => {
  const message = `An inventory list named "${name}" already exists. Choose another name.`;
  return badRequest(message, 'duplicate_list_name', [{ field: 'name', message }]);
};

const toList = (row: ListRow): InventoryList => ({ ...row, userId: row.userId ?? null });

// ---------------------------------------------------------------- lists

export async function listInventoryLists(
  db: Database,
  locationId: number,
  page: number,
  limit: number,
): Promise<{ data: InventoryList[]; _meta: PageMeta }> {
  const total = await repo.countLists(db, locationId);
  const rows = await repo.selectLists(db, locationId, { limit, offset: (page - 1) * limit });
  return { data: rows.map(toList), _meta: toPageMeta(total, page, limit) };
}

export async function listAllInventoryLists(db: Database, locationId: number): Promise<InventoryList[]> {
  return (await repo.selectLists(db, locationId)).map(toList);
}

export async function getInventoryList(db: Database, locationId: number, listId: number): Promise<InventoryList> {
  const row = await repo.findList(db, locationId, listId);
  if (!row) throw listNotFound();
  return toList(row);
}

export async function createInventoryList(
  db: Database,
  locationId: number,
  userId: number,
  name: string,
): Promise<InventoryList> {
  await requireEditor(db, userId);
  const id = await withDuplicate(
    () =>
      db.transaction(async (tx) => {
        if (await repo.isListNameTaken(tx, locationId, name, null)) throw duplicateList(name);
        return repo.insertList(tx, locationId, name, userId);
      }),
    () => duplicateList(name),
  );
  return getInventoryList(db, locationId, id);
}

export async function updateInventoryList(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
  body: { name?: string; onInventory?: boolean },
): Promise<InventoryList> {
  if (!(await repo.findList(db, locationId, listId))) throw listNotFound();
  if (body.name !== undefined) await requireEditor(db, userId);
  await withDuplicate(
    () =>
      db.transaction(async (tx) => {
        if (!(await repo.findList(tx, locationId, listId, true))) throw listNotFound();
        if (body.name !== undefined && (await repo.isListNameTaken(tx, locationId, body.name, listId)))
          throw duplicateList(body.name);
        await repo.updateList(tx, locationId, listId, body);
      }),
    () => duplicateList(body.name ?? ''),
  );
  return getInventoryList(db, locationId, listId);
}

export async function deleteInventoryList(
  db: Database,
  locationId: number,
  userId: number,
  listId: number,
): Promise<{ id: number }> {
  if (!(await repo.findList(db, locationId, listId))) throw listNotFound();
  await requireEditor(db, userId);
  if (!(await repo.deleteList(db, locationId, listId))) throw listNotFound();
  return { id: listId };
}
