import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { INVOICE_BATCH_PARALLEL_UPLOADS, type InvoiceBatch } from '@stockpot/domain';
import { api, postForm } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

/** While the batch's jobs run, its progress is asked for this often (ms). */
const PROGRESS_POLL_MS = 1500;

export interface BatchUpload {
  batchId: number | null;
  /** Files sent so far (accepted or refused) of `total`. */
  sent: number;
  total: number;
  /** Files the server refused at once (not an invoice, too large), with why. */
  refused: { fileName: string; error: string }[];
  /** Opening the batch failed: nothing was sent. */
  error: string | null;
  isSending: boolean;
}

const IDLE: BatchUpload = { batchId: null, sent: 0, total: 0, refused: [], error: null, isSending: false };
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'The invoice could not be sent.');

/**
 * Several hundred invoices at once (issue 36): opens a batch, then sends the files a few at a time;
 * each is answered at once and imported by its own job on the server, so the page stays usable.
 */
export function useInvoiceBatchUpload() {
  const [state, setState] = useState<BatchUpload>(IDLE);
  const start = useCallback(async (files: File[], distributorId: number | null) => {
    setState({ ...IDLE, total: files.length, isSending: true });
    let batchId: number;
    try {
      batchId = (await api.post<InvoiceBatch>('invoices/import-batches', { distributorId })).id;
    } catch (error) {
      setState((s) => ({ ...s, error: messageOf(error), isSending: false }));
      return;
    }
    setState((s) => ({ ...s, batchId }));
    let next = 0;
    const sendNext = async (): Promise<void> => {
      while (next < files.length) {
        const file = files[next]!;
        next += 1;
        const form = new FormData();
        form.append('file', file, file.name);
        try {
          await postForm(`invoices/import-batches/${batchId}/files`, form, { isBackground: true });
          setState((s) => ({ ...s, sent: s.sent + 1 }));
        } catch (error) {
          setState((s) => ({
            ...s,
            sent: s.sent + 1,
            refused: [...s.refused, { fileName: file.name, error: messageOf(error) }],
          }));
        }
      }
    };
    await Promise.all(Array.from({ length: INVOICE_BATCH_PARALLEL_UPLOADS }, sendNext));
    setState((s) => ({ ...s, isSending: false }));
  }, []);
  const reset = useCallback(() => setState(IDLE), []);
  return { state, start, reset };
}

/** GET invoices/import-batches/{id}, asked again until every file has run; then order history and prices refresh. */
export function useInvoiceBatch(batchId: number | null, isSending: boolean) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['invoice-batches', locationId, batchId] as const,
    queryFn: ({ signal }) => api.get<InvoiceBatch>(`invoices/import-batches/${batchId}`, { signal, isBackground: true }),
    enabled: batchId !== null,
    refetchInterval: (q) => (isSending || !q.state.data?.isDone ? PROGRESS_POLL_MS : false),
  });
  const isDone = !isSending && query.data?.isDone === true;
  useEffect(() => {
    if (!isDone) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.orderHistory.all(locationId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.items.allLists() });
  }, [isDone, locationId, queryClient]);
  return query;
}
