/**
 * Calls of recipe costing (doc 2 §7 "Recipes"), one hook per endpoint. Every edit invalidates the
 * location's recipe queries, so costs, totals and the table refetch.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RECIPES_PAGE_SIZE,
  type IngredientOption,
  type IngredientType,
  type MenuCategory,
  type Recipe,
  type RecipeRange,
  type RecipeRow,
} from '@stockpot/domain';
import { api, getBlob, API_BASE, type Page } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

const useLocationId = () => useSession((s) => s.activeLocation?.id ?? null);

function useInvalidateRecipes() {
  const queryClient = useQueryClient();
  const locationId = useLocationId();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.recipes.all(locationId) });
}

/** GET recipe-menu-category. */
export function useMenuCategories() {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.recipes.categories(locationId),
    queryFn: ({ signal }) => api.get<MenuCategory[]>('recipe-menu-category', { signal }),
  });
}

/** POST recipe-menu-category. */
export function useCreateMenuCategory() {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: (name: string) => api.post<MenuCategory>('recipe-menu-category', { name }),
    onSuccess: invalidate,
  });
}

/** PATCH recipe-menu-category/{id}. */
export function useRenameMenuCategory() {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => api.patch<MenuCategory>(`recipe-menu-category/${id}`, { name }),
    onSuccess: invalidate,
  });
}

/** DELETE recipe-menu-category/{id}. */
export function useDeleteMenuCategory() {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>(`recipe-menu-category/${id}`),
    onSuccess: invalidate,
  });
}

/** GET recipe for one menu category: the range, a sort, 20 a page (doc 2 §9), with POS columns. */
export function useRecipeTable(menuId: number, range: RecipeRange | null, sort: string) {
  const locationId = useLocationId();
  const rangeKey = range ? `${range.bgnDate}|${range.endDate}` : 'none';
  return useInfiniteQuery({
    queryKey: queryKeys.recipes.list(locationId, menuId, rangeKey, sort),
    enabled: range !== null,
    initialPageParam: 1,
    getNextPageParam: (last: Page<RecipeRow>) =>
      last.meta.currentPage < last.meta.pageCount ? last.meta.currentPage + 1 : undefined,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({
        filters: JSON.stringify([{ field: 'recipe_menu_category_id', operator: '=', value: menuId }]),
        expand: 'posQuantitySold,posTotalSold,menu',
        bgn_date: range!.bgnDate,
        end_date: range!.endDate,
        sort,
        page: String(pageParam),
        limit: String(RECIPES_PAGE_SIZE),
      });
      return api.getPage<RecipeRow>(`recipe?${query.toString()}`, { signal });
    },
  });
}

/** GET recipe/{id} with ingredients, comparisonView and menu. */
export function useRecipe(recipeId: number | null) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.recipes.detail(locationId, recipeId ?? 0),
    enabled: recipeId !== null,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
    queryFn: ({ signal }) => api.get<Recipe>(`recipe/${recipeId}?expand=ingredients,comparisonView,menu`, { signal }),
  });
}

export interface RecipeForm {
  name: string;
  recipe_menu_category_id: number;
  price: string | null;
  description: string;
  procedure: string;
  is_sub_recipe: boolean;
  sub_recipe_yield: string | null;
  sub_recipe_yield_uom: string | null;
}

/** POST recipe. */
export function useCreateRecipe() {
  const invalidate = useInvalidateRecipes();
  return useMutation({ mutationFn: (body: RecipeForm) => api.post<Recipe>('recipe', body), onSuccess: invalidate });
}

/** PATCH recipe/{id}: the fields, or the totals. */
export function useUpdateRecipe(recipeId: number) {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: (
      body: RecipeForm | { price?: string; totalCost?: string | null; marginGrossProfit?: string; foodCostPercentage?: string },
    ) => api.patch<Recipe>(`recipe/${recipeId}`, body),
    onSuccess: invalidate,
  });
}

/** DELETE recipe/{id} for each selected recipe. */
export function useDeleteRecipes() {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await api.delete(`recipe/${id}`);
    },
    onSettled: invalidate,
  });
}

/** POST recipe/{id}/duplicate for each selected recipe. */
export function useDuplicateRecipes() {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await api.post(`recipe/${id}/duplicate`);
    },
    onSettled: invalidate,
  });
}

/** POST recipe/{id}/copy-to-location/{locationId}: nothing of this location changes, so no refetch. */
export function useCopyRecipeToLocation(recipeId: number) {
  return useMutation({
    mutationFn: (locationId: number) =>
      api.post<{ id: number; locationId: number; skipped: number }>(`recipe/${recipeId}/copy-to-location/${locationId}`),
  });
}

/** GET recipe/print, then the PDF it names, opened in a new tab. */
export function usePrintRecipes() {
  return useMutation({
    mutationFn: async (ids: number[]) => {
      const { url } = await api.get<{ url: string }>(`recipe/print?recipes=${ids.join(',')}`);
      const blob = await getBlob(`${API_BASE}/${url}`);
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    },
  });
}

export interface IngredientBody {
  ingredient_type: IngredientType;
  ingredient_id: number;
  recipe_amount_fraction: string;
  recipe_pack_size_uom: string;
  recipe_pack_size_fraction?: string;
  conversion_pack_size_fraction?: string;
  conversion_pack_size_uom?: string;
  waste_percentage: string;
}

/** POST recipe/{id}/ingredient, or PATCH …/ingredient/{ingredientId} when editing. */
export function useSaveIngredient(recipeId: number) {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: ({ ingredientId, body }: { ingredientId: number | null; body: IngredientBody }) =>
      ingredientId === null
        ? api.post<Recipe>(`recipe/${recipeId}/ingredient`, body)
        : api.patch<Recipe>(`recipe/${recipeId}/ingredient/${ingredientId}`, body),
    onSuccess: invalidate,
  });
}

/** DELETE recipe/{id}/ingredient/{ingredientId}. */
export function useDeleteIngredient(recipeId: number) {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: (ingredientId: number) => api.delete<Recipe>(`recipe/${recipeId}/ingredient/${ingredientId}`),
    onSuccess: invalidate,
  });
}

/** GET recipe/search-ingredients: candidates for 'I want to add...'. */
export function useIngredientOptions(type: IngredientType, search: string, exclude: number) {
  const locationId = useLocationId();
  return useQuery({
    queryKey: queryKeys.recipes.search(locationId, type, search, exclude),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ type, search, exclude: String(exclude), limit: '30' });
      return api.get<IngredientOption[]>(`recipe/search-ingredients?${query.toString()}`, { signal });
    },
  });
}
