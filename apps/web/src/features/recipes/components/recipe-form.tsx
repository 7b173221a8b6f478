import { useState } from 'react';
import { Button, Group, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { isStrictFraction, RECIPE_NAME_MIN_LENGTH, type MenuCategory, type Recipe } from '@stockpot/domain';
import type { RecipeForm } from '../api/recipes-api';
import { FractionInput } from './fraction-input';

export function toForm(recipe: Recipe): RecipeForm {
  return {
    name: recipe.name,
    recipe_menu_category_id: recipe.menu.id,
    price: recipe.price === null ? null : (recipe.price / 100).toFixed(2),
    description: recipe.description,
    procedure: recipe.procedure,
    is_sub_recipe: recipe.isSubRecipe,
    sub_recipe_yield: recipe.subRecipeYield,
    sub_recipe_yield_uom: recipe.subRecipeYieldUom,
  };
}

/** Why the form cannot be saved yet (doc 2 §5), or null. */
export function checkForm(form: RecipeForm): string | null {
  if (form.name.trim().length < RECIPE_NAME_MIN_LENGTH)
    return `Recipe name must be at least ${RECIPE_NAME_MIN_LENGTH} characters.`;
  if (!form.recipe_menu_category_id) return 'Choose a menu category.';
  if (form.is_sub_recipe) {
    if (!form.sub_recipe_yield || !isStrictFraction(form.sub_recipe_yield)) return 'Yield is not a fraction or number';
    if (!form.sub_recipe_yield_uom || !/^[A-Za-z]+(?: [A-Za-z]+)*$/.test(form.sub_recipe_yield_uom.trim()))
      return 'Yield unit is required and may contain letters only.';
  } else if (!form.price || !(Number(form.price) > 0)) return 'Menu price is required and must be greater than 0.';
  return null;
}

/** The Recipe Description panel's fields (doc 2 §2, §5). */
export function RecipeFields({
  initial,
  categories,
  submitLabel,
  isSaving,
  onSubmit,
}: {
  initial: RecipeForm;
  categories: MenuCategory[];
  submitLabel: string;
  isSaving: boolean;
  onSubmit: (form: RecipeForm, revert: () => void) => void;
}) {
  const [form, setForm] = useState<RecipeForm>(initial);
  const set = (patch: Partial<RecipeForm>) => setForm((f) => ({ ...f, ...patch }));
  const problem = checkForm(form);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) onSubmit(form, () => setForm((f) => ({ ...f, is_sub_recipe: initial.is_sub_recipe })));
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Recipe Name"
          required
          value={form.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={
            form.name !== '' && form.name.trim().length < RECIPE_NAME_MIN_LENGTH
              ? `At least ${RECIPE_NAME_MIN_LENGTH} characters`
              : undefined
          }
        />
        <Select
          label="Menu Category"
          required
          data={categories.map((c) => ({ value: String(c.value), label: c.label }))}
          value={form.recipe_menu_category_id ? String(form.recipe_menu_category_id) : null}
          onChange={(value) => set({ recipe_menu_category_id: Number(value) })}
          allowDeselect={false}
        />
        <Switch
          label="Sub-recipe"
          checked={form.is_sub_recipe}
          onChange={(e) => set({ is_sub_recipe: e.currentTarget.checked })}
        />
        {form.is_sub_recipe ? (
          <Group grow align="flex-start">
            <FractionInput
              label="Yield"
              required
              value={form.sub_recipe_yield ?? ''}
              onChange={(v) => set({ sub_recipe_yield: v })}
            />
            <TextInput
              label="Yield Unit"
              required
              value={form.sub_recipe_yield_uom ?? ''}
              onChange={(e) => set({ sub_recipe_yield_uom: e.currentTarget.value })}
            />
          </Group>
        ) : (
          <NumberInput
            label="Menu Price"
            required
            prefix="$"
            decimalScale={2}
            min={0}
            value={form.price ?? ''}
            onChange={(v) => set({ price: v === '' ? null : String(v) })}
          />
        )}
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={form.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <Textarea
          label="Procedure"
          autosize
          minRows={3}
          value={form.procedure}
          onChange={(e) => set({ procedure: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={problem !== null} loading={isSaving} title={problem ?? undefined}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
