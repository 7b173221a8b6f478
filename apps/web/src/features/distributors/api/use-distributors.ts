import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DistributorDetail, GuideUpload, OrderGuideItem, PriceChanges, SalesRep } from '@stockpot/domain';
import { api, getPage, postForm } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

const EXPAND = 'dsrs,lastOrderGuide,skyloader,dcn';
const useLocationId = () => useSession((s) => s.activeLocation?.id ?? null);

/** GET distributors?expand=…: the /distributor list. */
export function useDistributorAccounts() {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.distributorAccounts.list(locationId),
    queryFn: ({ signal }) =>
      api.get<DistributorDetail[]>('distributors', { query: { expand: EXPAND }, signal, isBackground: true }),
    enabled: locationId !== null,
  });
}

/** GET distributors/{id}?expand=…: the Edit Distributor screen. */
export function useDistributorAccount(distributorId: number) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.distributorAccounts.detail(locationId, distributorId),
    queryFn: ({ signal }) =>
      api.get<DistributorDetail>(`distributors/${distributorId}`, { query: { expand: EXPAND }, signal, isBackground: true }),
    enabled: locationId !== null,
  });
}

export interface RepChanges {
  name?: string;
  email?: string;
  phone?: string;
  is_primary?: 0 | 1;
  accessType?: SalesRep['access_type'];
  startDate?: string | null;
  endDate?: string | null;
  sendInvite?: 1;
  is_deleted?: 0 | 1;
}

function useInvalidateAccounts(distributorId: number) {
  const queryClient = useQueryClient();
  const locationId = useLocationId();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.distributorAccounts.detail(locationId, distributorId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.distributorAccounts.list(locationId), refetchType: 'none' }),
    ]);
}

/** PATCH distributors/{id}/dsr/{dsrId}: edits, invite, remove and reactivate. */
export function useUpdateRep(distributorId: number) {
  const invalidate = useInvalidateAccounts(distributorId);
  return useMutation({
    mutationFn: ({ repId, changes }: { repId: number; changes: RepChanges }) =>
      api.patch<SalesRep>(`distributors/${distributorId}/dsr/${repId}`, changes, { isBackground: true }),
    onSuccess: () => invalidate(),
  });
}

/** POST distributors/{id}/dsr. */
export function useCreateRep(distributorId: number) {
  const invalidate = useInvalidateAccounts(distributorId);
  return useMutation({
    mutationFn: (rep: { name: string; email: string; phone: string; is_primary: 0 | 1 }) =>
      api.post<SalesRep>(`distributors/${distributorId}/dsr`, rep),
    onSuccess: () => invalidate(),
  });
}

/** PATCH distributors/{id}: website credentials. */
export function useUpdateCredentials(distributorId: number) {
  const invalidate = useInvalidateAccounts(distributorId);
  return useMutation({
    mutationFn: (body: { username: string; password?: string }) =>
      api.patch<DistributorDetail>(`distributors/${distributorId}`, body),
    onSuccess: () => invalidate(),
  });
}

/** GET order-guides/{id}/items, 20 a page. */
export function useOrderGuideItems(guideId: number | null, page: number) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.orderGuides.items(locationId, guideId ?? 0, page),
    queryFn: ({ signal }) =>
      getPage<OrderGuideItem>(`order-guides/${guideId}/items`, { query: { page, limit: 20 }, signal, isBackground: true }),
    enabled: locationId !== null && guideId !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET order-guides/{id}/price-changes: the guide against the previous one (price-change alerts). */
export function usePriceChanges(guideId: number | null) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.orderGuides.priceChanges(locationId, guideId ?? 0),
    queryFn: ({ signal }) => api.get<PriceChanges>(`order-guides/${guideId}/price-changes`, { signal, isBackground: true }),
    enabled: locationId !== null && guideId !== null,
  });
}

/** GET merchant/{id}/allowed-children. */
export function useAllowedChildren(distributorId: number) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.orderGuides.allowedChildren(locationId, distributorId),
    queryFn: ({ signal }) =>
      api.get<{ id: number; nickname: string }[]>(`merchant/${locationId}/allowed-children`, {
        query: { distributor_id: distributorId },
        signal,
        isBackground: true,
      }),
    enabled: locationId !== null,
  });
}

export function checkForTemplate(distributorId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  form.append('distributor_id', String(distributorId));
  return postForm<{ found: boolean; template: { key: string; name: string } | null }>(
    'distributor-order-guides/check-for-template',
    form,
  );
}

/** POST distributor-order-guides/upload-template/{id}: Request Template with the file and the chosen locations. */
export function requestTemplate(distributorId: number, merchantIds: number[], file: File) {
  const form = new FormData();
  form.append('file', file);
  form.append('merchantIds', JSON.stringify(merchantIds));
  return postForm<{ id: number; message: string }>(`distributor-order-guides/upload-template/${distributorId}`, form);
}

export function uploadOrderGuide(input: {
  distributorId: number;
  merchantIds: number[];
  startDate: string;
  endDate: string;
  file: File;
  /** Issue 31: stop after reading, so the buyer sees what was read and applies or cancels. */
  isPreview?: boolean;
}) {
  const form = new FormData();
  form.append('file', input.file);
  form.append('merchantIds', JSON.stringify(input.merchantIds));
  form.append('distributor_id', String(input.distributorId));
  form.append('fastResponse', '1');
  form.append('start_date', input.startDate);
  form.append('end_date', input.endDate);
  if (input.isPreview) form.append('preview', '1');
  return postForm<GuideUpload>('order-guides/front-upload', form);
}

/** GET order-guides/uploads/{id}: the import's status and progress. */
export function getUploadStatus(uploadId: number) {
  return api.get<GuideUpload>(`order-guides/uploads/${uploadId}`, { isBackground: true });
}

/** After a guide lands: the distributor screens and every place-order list show the new prices. */
export function useRefreshAfterUpload() {
  const queryClient = useQueryClient();
  const locationId = useLocationId();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.distributors(locationId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.items.allLists() }),
    ]);
}
