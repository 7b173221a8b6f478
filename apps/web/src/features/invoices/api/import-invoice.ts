import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceImportResult } from '@stockpot/domain';
import { postForm } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

/** POST /invoices/import (issue 36): one invoice file, with the distributor when the invoice names none of our PO numbers. */
export function importInvoice(file: File, distributorId: number | null): Promise<InvoiceImportResult> {
  const form = new FormData();
  if (distributorId !== null) form.append('distributor_id', String(distributorId));
  form.append('file', file, file.name);
  return postForm<InvoiceImportResult>('invoices/import', form);
}

/** Imports several files one after another (each its own transaction), then refreshes order history and the list's prices. */
export function useImportInvoices() {
  const queryClient = useQueryClient();
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  return useMutation({
    mutationFn: async ({ files, distributorId }: { files: File[]; distributorId: number | null }) => {
      const outcomes: InvoiceFileOutcome[] = [];
      for (const file of files) {
        try {
          outcomes.push({ fileName: file.name, result: await importInvoice(file, distributorId) });
        } catch (error) {
          outcomes.push({
            fileName: file.name,
            error: error instanceof Error ? error.message : 'The invoice could not be imported.',
          });
        }
      }
      return outcomes;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orderHistory.all(locationId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.items.allLists() }),
      ]),
  });
}

export type InvoiceFileOutcome = { fileName: string; result: InvoiceImportResult } | { fileName: string; error: string };
