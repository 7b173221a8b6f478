import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getDefaultLandingPath, type CurrentUser, type SwitchLocationRequest } from '@stockpot/domain';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session-store';
import { useCartSync } from '../../shared/cart/cart-sync-context';

/** PUT users/{id} with the new active location, then reload everything for it (doc 3 §4 "Sign-in", §7). */
export function useSwitchLocation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cartSync = useCartSync();
  const applyCurrentUser = useSession((s) => s.applyCurrentUser);
  return useMutation({
    mutationFn: async (request: { id: number; active_location_id: number }) => {
      // Cart changes still waiting belong to the location being left: save them there first.
      await cartSync.flushCartChanges();
      return api.put<CurrentUser>(`users/${request.id}`, request satisfies SwitchLocationRequest);
    },
    onSuccess: async (user) => {
      // The stored user read before the switch must not land after it and take the tab back to the
      // location it left: its answer is dropped and the switch's answer stands in its place.
      await queryClient.cancelQueries({ queryKey: queryKeys.currentUser() });
      queryClient.setQueryData(queryKeys.currentUser(), user);
      applyCurrentUser(user);
      navigate(getDefaultLandingPath(user.activeLocation), { replace: true });
      const currentUserKey = JSON.stringify(queryKeys.currentUser());
      await queryClient.invalidateQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== currentUserKey });
    },
  });
}
