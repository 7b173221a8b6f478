import { useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { api, type Page, type RequestOptions } from './api-client';

/** The pages of a paged list as TanStack Query keeps them (page numbers from 1). */
export type Pages<T> = InfiniteData<Page<T>, number>;

export interface PagedQueryOptions {
  queryKey: QueryKey;
  /** The API path, e.g. 'items' or 'shopping-lists/12/items'. */
  path: string;
  /** Query parameters other than `page` (filters, limit). */
  query?: RequestOptions['query'];
  enabled?: boolean;
  retry?: (failureCount: number, error: unknown) => boolean;
}

/**
 * One paged list read page by page (doc 1 §9: pages tracked by pageCount and currentPage): page 1
 * first, the next one while currentPage < pageCount. It runs in the background (the list shows its
 * own skeletons and page loader; the full-screen spinner would hide the page).
 */
export function usePagedQuery<T>({ queryKey, path, query, enabled = true, retry }: PagedQueryOptions) {
  return useInfiniteQuery<Page<T>, Error, Pages<T>, QueryKey, number>({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.getPage<T>(path, { query: { ...query, page: pageParam }, signal, isBackground: true }),
    initialPageParam: 1,
    getNextPageParam: (last: Page<T>) => (last.meta.currentPage < last.meta.pageCount ? last.meta.currentPage + 1 : undefined),
    enabled,
    ...(retry ? { retry } : {}),
  });
}
