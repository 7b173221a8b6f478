/** Suppliers, categories and GL codes (doc 3 §5): the lists, a new name, and one tag set on one item. */
import type { Database } from '@stockpot/db';
import { normalizeAccountingName, type AccountingTag, type AccountingTagBody } from '@stockpot/domain';
import { badRequest, notFound } from '../../platform/errors';
import { selectAccountingItem } from './accounting.repo';
import {
  insertTagName,
  selectTagById,
  selectTagByName,
  selectTagList,
  selectTagRecord,
  upsertTag,
  type TagKind,
} from './accounting-tags.repo';
import { toAccountingItem } from './accounting-items.service';

export async function listTags(db: Database, locationId: number, kind: TagKind) {
  return selectTagList(db, locationId, kind);
}

const KIND_LABEL: Record<TagKind, string> = { supplier: 'Supplier name', category: 'Category name', glCode: 'GL code' };

/**
 * doc 3 §5: creates a supplier, category or GL code; a blank value is refused (the screen ignores it),
 * a case-insensitive duplicate is not created and the existing entry is answered instead.
 */
export async function createTag(
  db: Database,
  locationId: number,
  kind: TagKind,
  typed: string,
): Promise<{ entry: { id: number; name: string }; isCreated: boolean }> {
  const name = normalizeAccountingName(typed);
  if (name === null) throw badRequest(`${KIND_LABEL[kind]} must not be blank.`, 'validation_error');
  return db.transaction(async (tx) => {
    const existing = await selectTagByName(tx, locationId, kind, name);
    if (existing) return { entry: existing, isCreated: false };
    const created = await insertTagName(tx, locationId, kind, name);
    if (created) return { entry: created, isCreated: true };
    // Another request created the same name between the read and the insert.
    const raced = await selectTagByName(tx, locationId, kind, name);
    if (!raced) throw badRequest('The name was changed at the same time; please try again.');
    return { entry: raced, isCreated: false };
  });
}

function getTagChange(body: AccountingTagBody): { kind: TagKind; id: number | null } {
  if (body.merchant_accounting_supplier_id !== undefined) return { kind: 'supplier', id: body.merchant_accounting_supplier_id };
  if (body.merchant_accounting_category_id !== undefined) return { kind: 'category', id: body.merchant_accounting_category_id };
  return { kind: 'glCode', id: body.merchant_accounting_gl_code_id ?? null };
}

const TAG_NOT_FOUND: Record<TagKind, string> = { supplier: 'Supplier', category: 'Category', glCode: 'GL code' };

async function toTag(db: Database, locationId: number, itemDistributorId: number): Promise<AccountingTag> {
  const item = await selectAccountingItem(db, locationId, itemDistributorId);
  if (!item || item.accounting_id === null) throw notFound('Accounting record');
  const view = toAccountingItem(item);
  return {
    id: item.accounting_id,
    itemDistributorId,
    accountingSupplier: view.accountingSupplier,
    accountingCategory: view.accountingCategory,
    accountingCode: view.accountingCode,
  };
}

/**
 * POST merchant-accounting and PATCH merchant-accounting/{id}: sets one tag of one of the location's
 * items (null clears it). With a record id the record must be the location's and of the same item.
 */
export async function setItemTag(
  db: Database,
  locationId: number,
  body: AccountingTagBody,
  recordId?: number,
): Promise<AccountingTag> {
  return db.transaction(async (tx) => {
    if (recordId !== undefined) {
      const record = await selectTagRecord(tx, locationId, recordId);
      if (!record) throw notFound('Accounting record');
      if (record.item_distributor_id !== body.item_distributor_id)
        throw badRequest('item_distributor_id is not the item of this accounting record.', 'validation_error');
    }
    if (!(await selectAccountingItem(tx, locationId, body.item_distributor_id))) throw notFound('Item');
    const change = getTagChange(body);
    if (change.id !== null && !(await selectTagById(tx, locationId, change.kind, change.id)))
      throw notFound(TAG_NOT_FOUND[change.kind]);
    await upsertTag(tx, locationId, body.item_distributor_id, change.kind, change.id);
    return toTag(tx, locationId, body.item_distributor_id);
  });
}
