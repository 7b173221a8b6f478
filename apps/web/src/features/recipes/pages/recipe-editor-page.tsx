import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, formatRecipeUnit, RECIPE_NOT_FOUND, type Ingredient, type Recipe } from '@stockpot/domain';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { useDeleteIngredient, useMenuCategories, useRecipe, useUpdateRecipe } from '../api/recipes-api';
import { failureText } from '../components/failure-text';
import { CopyToLocationButton } from '../components/copy-to-location';
import { DeleteRecipeButton } from '../components/delete-recipe-button';
import { TotalsPanel } from '../components/totals-panel';
import { IngredientModal } from '../components/ingredient-modal';
import { NotFoundModal } from '../components/not-found-modal';
import { RecipeFields, toForm } from '../components/recipe-form';

const TYPE_LABELS = { item: 'Item', generic: 'Inventory Item', subrecipe: 'Subrecipe' } as const;

function IngredientsPanel({ recipe }: { recipe: Recipe }) {
  const [editing, setEditing] = useState<Ingredient | null | 'new'>(null);
  const remove = useDeleteIngredient(recipe.id);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Ingredients
        </Title>
        <Button onClick={() => setEditing('new')}>Add Ingredients</Button>
      </Group>
      {recipe.hasInactiveItems && (
        <Alert color="yellow" mb="sm">
          Some items of this recipe are inactive: they were not on your most recent order guide.
        </Alert>
      )}
      {recipe.ingredients.length === 0 ? (
        <Text c="dimmed">No ingredients have been added.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ingredient</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Waste</Table.Th>
                <Table.Th>Cost</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recipe.ingredients.map((ingredient) => (
                <Table.Tr key={ingredient.id}>
                  <Table.Td>
                    <Text fw={600}>{ingredient.name}</Text>
                    <Group gap={4}>
                      <Badge size="xs" variant="light">
                        {TYPE_LABELS[ingredient.ingredientType]}
                      </Badge>
                      {ingredient.isInactive && (
                        <Badge size="xs" color="gray">
                          Inactive
                        </Badge>
                      )}
                      {ingredient.comparisonView && (
                        <Text size="xs" c="dimmed">
                          {ingredient.comparisonView.name} · {ingredient.items.length} linked item(s)
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {ingredient.recipe_amount_fraction} {formatRecipeUnit(ingredient.recipe_pack_size_uom)}
                  </Table.Td>
                  <Table.Td>{ingredient.waste_percentage}%</Table.Td>
                  <Table.Td>
                    {ingredient.ingredientCosting === null ? (
                      <Text size="sm" c="orange">
                        Not convertible
                      </Text>
                    ) : (
                      formatMoney(ingredient.ingredientCosting)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Edit ${ingredient.name}`}
                        onClick={() => setEditing(ingredient)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        aria-label={`Delete ${ingredient.name}`}
                        onClick={() =>
                          openConfirmModal({
                            message: 'Delete Ingredient?',
                            confirmLabel: 'Delete',
                            onConfirm: () =>
                              remove.mutate(ingredient.id, { onError: (e) => openMessageModal({ message: failureText(e) }) }),
                          })
                        }
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== null && (
        <IngredientModal recipeId={recipe.id} ingredient={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}

/** /recipe-costing/{menuId}/recipe/{recipeId}: the editor (doc 2 §2). */
export function RecipeEditorPage() {
  const params = useParams();
  const recipeId = Number(params.recipeId);
  const isValidId = Number.isInteger(recipeId) && recipeId > 0;
  const recipe = useRecipe(isValidId ? recipeId : null);
  const categories = useMenuCategories();
  const update = useUpdateRecipe(recipeId);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  if (!isValidId || (recipe.isError && (recipe.error as { status?: number }).status === 404)) {
    return <NotFoundModal message={RECIPE_NOT_FOUND} to="/recipe-costing" />;
  }
  if (recipe.isPending || categories.isPending) return <Skeleton height={420} aria-label="Loading recipe" />;
  if (recipe.isError || categories.isError) {
    return (
      <LoadFailed
        title="The recipe could not be loaded."
        onRetry={() => void Promise.all([recipe.refetch(), categories.refetch()])}
      />
    );
  }
  const data = recipe.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Anchor component={Link} to={`/recipe-costing/${data.menu.id}`} size="sm">
            {data.menu.name}
          </Anchor>
          <Title order={1}>{data.name}</Title>
        </div>
        <Group gap="xs">
          <CopyToLocationButton recipe={data} />
          <DeleteRecipeButton recipe={data} variant="button" onDeleted={() => void navigate(`/recipe-costing/${data.menu.id}`)} />
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                Recipe Description
              </Title>
              <RecipeFields
                key={`${data.id}-${data.isSubRecipe}`}
                initial={toForm(data)}
                categories={categories.data}
                submitLabel="Save Changes"
                isSaving={update.isPending}
                onSubmit={(form, revert) => {
                  setError(null);
                  update.mutate(form, {
                    onError: (e) => {
                      const message = failureText(e);
                      // A sub-recipe in use cannot be switched back: the toggle reverts (doc 2 §4).
                      if (data.isSubRecipeUsed && !form.is_sub_recipe) {
                        revert();
                        openMessageModal({ message });
                      } else setError(message);
                    },
                  });
                }}
              />
              {error && (
                <Alert color="red" role="alert" mt="sm">
                  {error}
                </Alert>
              )}
            </Paper>
            <IngredientsPanel recipe={data} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TotalsPanel key={`${data.totalCost}-${data.price}-${data.isTotalCostEntered}`} recipe={data} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
