/**
 * Calls of point of sale (doc 2 §7 "POS"), one hook per endpoint. An import or an assignment
 * refetches every POS query and the recipe tables, whose POS columns follow them.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  POS_DATES_PAGE_SIZE,
  POS_DETAIL_PAGE_SIZE,
  type AssignRecipeAnswer,
  type FoodCostAnswer,
  type PosDateRow,
  type PosDetailRow,
  type PosImportAnswer,
} from '@stockpot/domain';
import { api, postForm } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

const useLocationId = () => useSession((s) => s.activeLocation?.id ?? null);

function useInvalidatePos() {
  const queryClient = useQueryClient();
  const locationId = useLocationId();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.pos.all(locationId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.recipes.all(locationId) }),
    ]);
}

/** GET pos: days with sales, newest first, a page at a time. */
export function usePosDates() {
  const locationId = useLocationId();
  return useInfiniteQuery({
    queryKey: queryKeys.pos.dates(locationId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.getPage<PosDateRow>('pos', { query: { page: pageParam, limit: POS_DATES_PAGE_SIZE }, signal }),
    getNextPageParam: (last) => (last.meta.currentPage < last.meta.pageCount ? last.meta.currentPage + 1 : undefined),
  });
}

/** GET pos/detail/{date}: the day's menu items (one page holds a day's menu). */
export function usePosDetail(date: string) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.pos.detail(locationId, date),
    queryFn: ({ signal }) =>
      api.getPage<PosDetailRow>(`pos/detail/${date}`, { query: { page: 1, limit: POS_DETAIL_PAGE_SIZE }, signal }),
  });
}

/** The recipes a menu item can be: every recipe of the location but sub-recipes (GET recipe, all-recipes limit). */
export function useRecipeChoices() {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.pos.recipes(locationId),
    queryFn: ({ signal }) =>
      api.get<{ id: number; name: string }[]>('recipe', {
        query: {
          limit: 10000,
          filters: JSON.stringify([{ field: 'is_sub_recipe', operator: '=', value: 0 }]),
        },
        signal,
      }),
  });
}

/** POST pos/assign-recipe: item name and recipe id with force set (doc 2 §4 "POS"); null unassigns. */
export function useAssignRecipe() {
  const invalidate = useInvalidatePos();
  return useMutation({
    mutationFn: (body: { item_name: string; recipe_id: number | null }) =>
      api.post<AssignRecipeAnswer>('pos/assign-recipe', { ...body, force: true }),
    onSuccess: invalidate,
  });
}

/** POST pos/import (multipart field file). */
export function useImportSales() {
  const invalidate = useInvalidatePos();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return postForm<PosImportAnswer>('pos/import', form);
    },
    onSuccess: invalidate,
  });
}

/** GET pos/food-cost for a range (YYYY-MM-DD). */
export function useFoodCost(range: { bgnDate: string; endDate: string } | null) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.pos.foodCost(locationId, range?.bgnDate ?? '', range?.endDate ?? ''),
    enabled: range !== null,
    queryFn: ({ signal }) =>
      api.get<FoodCostAnswer>('pos/food-cost', { query: { bgn_date: range!.bgnDate, end_date: range!.endDate }, signal }),
  });
}
