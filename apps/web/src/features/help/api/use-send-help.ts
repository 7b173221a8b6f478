import { useMutation } from '@tanstack/react-query';
import type { HelpRequest } from '@stockpot/domain';
import { api } from '../../../lib/api-client';

/** POST contacts/help (doc 3 §7). */
export function useSendHelp() {
  return useMutation({
    mutationFn: (body: HelpRequest) => api.post<{ id: number; message: string }>('contacts/help', body),
  });
}
