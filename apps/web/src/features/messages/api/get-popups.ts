import { useQuery } from '@tanstack/react-query';
import type { BroadcastMessage, LocationMessage } from '@stockpot/domain';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface Popup {
  kind: 'message' | 'broadcast';
  id: number;
  text: string;
}

/**
 * GET users/get-message and users/get-broadcast-message (doc 3 §7), fetched once on opening
 * place-order: the location's unread messages, then the first broadcast. A failure is only logged
 * (nothing to show), so the list never waits on it.
 */
export function usePopups(locationId: number | null) {
  return useQuery({
    queryKey: queryKeys.messages.popups(locationId),
    enabled: locationId !== null,
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }): Promise<Popup[]> => {
      const query = { merchant_id: locationId };
      const [messages, broadcasts] = await Promise.all([
        api.get<LocationMessage[]>('users/get-message', { query, signal, isBackground: true }),
        api.get<BroadcastMessage[]>('users/get-broadcast-message', { query, signal, isBackground: true }),
      ]);
      const first = broadcasts[0];
      return [
        ...messages.map((m) => ({ kind: 'message' as const, id: m.id, text: m.message })),
        ...(first ? [{ kind: 'broadcast' as const, id: first.id, text: first.broadcast_message }] : []),
      ];
    },
  });
}

/** POST users/read-message (ids) or users/read-broadcast-message (id). */
export function markPopupRead(popup: Popup): Promise<unknown> {
  return popup.kind === 'message'
    ? api.post('users/read-message', { ids: [popup.id] }, { isBackground: true })
    : api.post('users/read-broadcast-message', { id: popup.id }, { isBackground: true });
}
