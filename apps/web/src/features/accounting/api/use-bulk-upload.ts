import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkUploadResult } from '@stockpot/domain';
import { postForm } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLocationId } from './use-location-id';

/** POST merchant-accounting/upload (multipart file): all rows applied, or none with a per-row report. */
export function useBulkUpload() {
  const locationId = useLocationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return postForm<BulkUploadResult>('merchant-accounting/upload', form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.accounting.all(locationId) }),
  });
}
