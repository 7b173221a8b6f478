/** The accounting switch (doc 3 §6) and the location's items with their tags, page by page. */
import type { Database } from '@stockpot/db';
import {
  ACCOUNTING_PAGE_SIZE,
  accountingItemSchema,
  pagedEnvelope,
  parseCents,
  parseUnitPrice,
  toPageMeta,
  type AccountingFilterOptions,
  type AccountingItem,
} from '@stockpot/domain';
import { forbidden } from '../../platform/errors';
import { answerFormat } from '../../platform/kept-reads';
import { selectAccountingFlag, selectAccountingItems, type AccountingItemRow } from './accounting.repo';

/** doc 3 §6: accounting is offered only where the location has display_accounting (docs/decisions.md: 403). */
export async function assertAccounting(db: Database, locationId: number): Promise<void> {
  if (!(await selectAccountingFlag(db, locationId))) throw forbidden('Accounting is turned off for this location.');
}

/** The accounting list's answer: a page of items with their tags. */
export const accountingPageSchema = pagedEnvelope(accountingItemSchema);
const ACCOUNTING_PAGE_FORMAT = answerFormat(1, [accountingPageSchema]);

/** A page's kept-read key: everything it depends on besides the location and its date. */
export function accountingPageKey(query: { filterOptions: AccountingFilterOptions; page: number }): string {
  const { search, sort, product } = query.filterOptions;
  return `${ACCOUNTING_PAGE_FORMAT};accounting;sort=${sort};product=${product};page=${query.page};search=${JSON.stringify(search)}`;
}

export function toAccountingItem(row: AccountingItemRow): AccountingItem {
  return {
    id: row.accounting_id,
    accountingId: row.accounting_id,
    itemDistributorId: row.item_distributor_id,
    name: row.name,
    description: row.description,
    din: row.din,
    brand: row.brand,
    distributor: row.distributor,
    price: parseCents(row.price),
    unitMeasure: row.unit_measure,
    packSize: row.pack_size,
    packSizeUom: row.pack_size_uom,
    isCatchWeight: row.is_catch_weight,
    isFixedWeight: row.is_fixed_weight,
    isMarketPrice: row.is_market_price,
    unitPrice: parseUnitPrice(row.unit_price),
    accountingSupplier: row.supplier_id === null ? null : { id: row.supplier_id, name: row.supplier_name ?? '' },
    accountingCategory: row.category_id === null ? null : { id: row.category_id, name: row.category_name ?? '' },
    accountingCode: row.gl_code_id === null ? null : { id: row.gl_code_id, code: row.gl_code ?? '' },
  };
}

export async function listAccountingItems(db: Database, locationId: number, filter: AccountingFilterOptions, page: number) {
  const { rows, total } = await selectAccountingItems(
    db,
    locationId,
    filter,
    ACCOUNTING_PAGE_SIZE,
    (page - 1) * ACCOUNTING_PAGE_SIZE,
  );
  return { data: rows.map(toAccountingItem), _meta: toPageMeta(total, page, ACCOUNTING_PAGE_SIZE) };
}
