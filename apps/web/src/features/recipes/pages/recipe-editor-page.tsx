import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  formatFoodCostPercent,
  formatMoney,
  formatRecipeUnit,
  RECIPE_NOT_FOUND,
  type Ingredient,
  type Recipe,
} from '@stockpot/domain';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { useDeleteIngredient, useMenuCategories, useRecipe, useUpdateRecipe } from '../api/recipes-api';
import { failureText } from '../components/failure-text';
import { CopyToLocationButton } from '../components/copy-to-location';
import { DeleteRecipeButton } from '../components/delete-recipe-button';
import { IngredientModal } from '../components/ingredient-modal';
import { NotFoundModal } from '../components/not-found-modal';
import { RecipeFields, toForm } from '../components/recipe-form';
import classes from '../components/recipes.module.css';

const TYPE_LABELS = { item: 'Item', generic: 'Inventory Item', subrecipe: 'Subrecipe' } as const;

function TotalsPanel({ recipe }: { recipe: Recipe }) {
  const update = useUpdateRecipe(recipe.id);
  const [price, setPrice] = useState<string | number>(recipe.price === null ? '' : recipe.price / 100);
  const [margin, setMargin] = useState<string | number>(recipe.marginGrossProfit === null ? '' : recipe.marginGrossProfit / 100);
  const [percent, setPercent] = useState<string | number>(recipe.foodCostPercent === null ? '' : recipe.foodCostPercent / 100);
  const [error, setError] = useState<string | null>(null);
  const send = (body: { price?: string; marginGrossProfit?: string; foodCostPercentage?: string }) => {
    setError(null);
    update.mutate(body, {
      onSuccess: (next) => {
        // Totals are shown rounded to 2 decimals after an edit (doc 2 §4).
        setPrice(next.price === null ? '' : next.price / 100);
        setMargin(next.marginGrossProfit === null ? '' : next.marginGrossProfit / 100);
        setPercent(next.foodCostPercent === null ? '' : next.foodCostPercent / 100);
      },
      onError: (e) => setError(failureText(e)),
    });
  };
  return (
    <Paper withBorder p="md" className={classes.totals}>
      <Title order={2} size="h4" mb="sm">
        Totals
      </Title>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text>Total Cost</Text>
          <Text fw={700} data-testid="total-cost">
            {formatMoney(recipe.totalCost)}
          </Text>
        </Group>
        {recipe.isSubRecipe ? (
          <Text size="sm" c="dimmed">
            Yield {recipe.subRecipeYield} {recipe.subRecipeYieldUom}
          </Text>
        ) : (
          <>
            <Group justify="space-between">
              <Text>Food Cost %</Text>
              <Text fw={700} data-testid="food-cost-percent">
                {formatFoodCostPercent(recipe.foodCostPercent)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text>Margin</Text>
              <Text fw={700}>{recipe.marginGrossProfit === null ? '—' : formatMoney(recipe.marginGrossProfit)}</Text>
            </Group>
            <NumberInput label="Menu Price" prefix="$" decimalScale={2} min={0} value={price} onChange={setPrice} />
            <Button
              size="xs"
              variant="default"
              disabled={!(Number(price) > 0)}
              onClick={() => send({ price: Number(price).toFixed(2) })}
            >
              Save Menu Price
            </Button>
            <NumberInput label="Margin" prefix="$" decimalScale={2} value={margin} onChange={setMargin} />
            <Button
              size="xs"
              variant="default"
              disabled={margin === ''}
              onClick={() => send({ marginGrossProfit: Number(margin).toFixed(2) })}
            >
              Save Margin
            </Button>
            <NumberInput label="Food Cost % (target)" suffix="%" decimalScale={2} min={0} value={percent} onChange={setPercent} />
            <Button
              size="xs"
              variant="default"
              disabled={!(Number(percent) > 0)}
              onClick={() => send({ foodCostPercentage: Number(percent).toFixed(2) })}
            >
              Save Food Cost %
            </Button>
          </>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

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
          <TotalsPanel key={`${data.totalCost}-${data.price}`} recipe={data} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
