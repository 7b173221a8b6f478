import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { MENU_CATEGORY_NOT_FOUND } from '@stockpot/domain';
import { NotFoundModal } from '../components/not-found-modal';
import { LoadFailed } from '../../../ui/load-failed';
import { useCreateRecipe, useMenuCategories } from '../api/recipes-api';
import { failureText } from '../components/failure-text';
import { RecipeFields } from '../components/recipe-form';

/** /recipe-costing/new-recipe?menuId=…: the creation form; without a category it goes back to /recipe-costing (doc 2 §2). */
export function NewRecipePage() {
  const [params] = useSearchParams();
  const menuId = Number(params.get('menuId'));
  const navigate = useNavigate();
  const categories = useMenuCategories();
  const create = useCreateRecipe();
  const [error, setError] = useState<string | null>(null);
  if (!Number.isInteger(menuId) || menuId <= 0) return <Navigate to="/recipe-costing" replace />;
  if (categories.isPending) return <Skeleton height={400} aria-label="Loading" />;
  if (categories.isError) return <LoadFailed title="The menu could not be loaded." onRetry={() => void categories.refetch()} />;
  const menu = categories.data.find((c) => c.value === menuId);
  if (!menu) return <NotFoundModal message={MENU_CATEGORY_NOT_FOUND} to="/recipe-costing" />;
  return (
    <Stack maw={720}>
      <Anchor component={Link} to={`/recipe-costing/${menuId}`} size="sm">
        {menu.label}
      </Anchor>
      <Title order={1}>New Recipe</Title>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Recipe Description
        </Title>
        <RecipeFields
          categories={categories.data}
          submitLabel="Add Ingredients"
          isSaving={create.isPending}
          initial={{
            name: '',
            recipe_menu_category_id: menuId,
            price: null,
            description: '',
            procedure: '',
            is_sub_recipe: false,
            sub_recipe_yield: null,
            sub_recipe_yield_uom: null,
          }}
          onSubmit={(form) => {
            setError(null);
            create.mutate(form, {
              onSuccess: (recipe) => navigate(`/recipe-costing/${recipe.menu.id}/recipe/${recipe.id}`),
              onError: (e) => setError(failureText(e)),
            });
          }}
        />
        {error && (
          <Alert color="red" role="alert" mt="sm">
            {error}
          </Alert>
        )}
      </Paper>
    </Stack>
  );
}
