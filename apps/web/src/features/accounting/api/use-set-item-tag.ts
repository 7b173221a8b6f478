import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountingTag } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { TagKind } from './use-accounting-tags';
import { useLocationId } from './use-location-id';

const FIELD: Record<TagKind, string> = {
  supplier: 'merchant_accounting_supplier_id',
  category: 'merchant_accounting_category_id',
  'gl-code': 'merchant_accounting_gl_code_id',
};

export interface SetItemTagInput {
  accountingId: number | null;
  itemDistributorId: number;
  kind: TagKind;
  tagId: number | null;
}

/** POST merchant-accounting (an item's first tag) or PATCH merchant-accounting/{id}: one tag of one item. */
export function useSetItemTag() {
  const locationId = useLocationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ accountingId, itemDistributorId, kind, tagId }: SetItemTagInput) => {
      const body = { item_distributor_id: itemDistributorId, [FIELD[kind]]: tagId };
      return accountingId === null
        ? api.post<AccountingTag>('merchant-accounting', body, { isBackground: true })
        : api.patch<AccountingTag>(`merchant-accounting/${accountingId}`, body, { isBackground: true });
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.accounting.allItems(locationId) }),
  });
}
