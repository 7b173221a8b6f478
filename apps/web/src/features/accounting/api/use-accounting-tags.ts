import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLocationId } from './use-location-id';

export type TagKind = 'supplier' | 'category' | 'gl-code';

/** One option of a tag list: suppliers and categories carry a name, GL codes a code. */
export interface TagOption {
  id: number;
  label: string;
}

const FIELD: Record<TagKind, 'name' | 'code'> = { supplier: 'name', category: 'name', 'gl-code': 'code' };

/** GET merchant-accounting-supplier, merchant-accounting-category or merchant-accounting-gl-code. */
export function useAccountingTags(kind: TagKind) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.accounting.tags(locationId, kind),
    queryFn: async ({ signal }) => {
      const rows = await api.get<{ id: number; name?: string; code?: string }[]>(`merchant-accounting-${kind}`, {
        signal,
        isBackground: true,
      });
      return rows.map((row): TagOption => ({ id: row.id, label: row[FIELD[kind]] ?? '' }));
    },
    enabled: locationId !== null,
    staleTime: 60_000,
  });
}

/** POST merchant-accounting-supplier / -category (name) or -gl-code (code); a same name ignoring case answers the existing one. */
export function useCreateAccountingTag(kind: TagKind) {
  const locationId = useLocationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (label: string): Promise<TagOption> => {
      const row = await api.post<{ id: number; name?: string; code?: string }>(
        `merchant-accounting-${kind}`,
        { [FIELD[kind]]: label },
        { isBackground: true },
      );
      return { id: row.id, label: row[FIELD[kind]] ?? label };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.accounting.tags(locationId, kind) }),
  });
}
