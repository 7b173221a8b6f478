import { expect, test } from '../fixtures/test';
import { formatFoodCostPercent, formatMoney, getRecipeCopiedNotice, type GenericGroup, type Recipe } from '@stockpot/domain';
import { authHeaders } from '../fixtures/api';
import { shoot, signIn } from '../fixtures/session';

/**
 * Recipe costing (doc 2 §2, §4, §5): the owner makes a menu category, a sub-recipe with a catalogue
 * item, then a plate with a catalogue item, a generic ingredient of the inventory view and the
 * sub-recipe, and sees the food cost % the server computed; the plate shows in the category's table.
 */
test('build a recipe with an item, a generic ingredient and a sub-recipe and see its food cost %', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  await signIn(page, 'owner@demo.test');
  await page.goto('/recipe-costing');
  await expect(page.getByRole('heading', { name: 'Menu', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrees' })).toBeVisible();

  // A menu category of this run.
  await page.getByRole('button', { name: 'New Menu Category' }).click();
  await page.getByRole('dialog').getByLabel('Category Name').fill(`E2E Menu ${suffix}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: `E2E Menu ${suffix}` }).click();
  await expect(page.getByText('There are no recipes here yet!')).toBeVisible();

  const addIngredient = async (
    kind: 'Item' | 'Inventory Item' | 'Subrecipe',
    search: string,
    pick: RegExp,
    amount: string,
    unit: string,
  ) => {
    await page.getByRole('button', { name: 'Add Ingredients' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Ingredient' });
    await dialog.getByRole('radio', { name: kind, exact: true }).check();
    await dialog.getByLabel(`Search ${kind}`).fill(search);
    await dialog.getByRole('radio', { name: pick }).first().click();
    await expect(dialog.getByRole('button', { name: 'Change' })).toBeVisible();
    await dialog.getByLabel('Recipe Amount').fill(amount);
    await dialog.getByRole('combobox', { name: 'Recipe Unit' }).click();
    await dialog.getByRole('option', { name: unit, exact: true }).click();
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && /\/recipe\/\d+\/ingredient$/.test(r.url()));
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(201);
    await expect(dialog).toBeHidden();
  };

  // The sub-recipe: a stock yielding 2 qt.
  await page.getByRole('link', { name: 'New Recipe' }).click();
  await page.getByLabel('Recipe Name').fill(`E2E Stock ${suffix}`);
  await page.getByLabel('Sub-recipe').check();
  await page.getByLabel(/^Yield(?! Unit)/).fill('2');
  await page.getByLabel('Yield Unit').fill('qt');
  await page.getByRole('button', { name: 'Add Ingredients' }).click();
  await expect(page.getByRole('heading', { name: `E2E Stock ${suffix}`, level: 1 })).toBeVisible();
  await expect(page.getByText('No ingredients have been added.')).toBeVisible();
  await addIngredient('Item', 'chicken breast', /chicken breast/i, '1', 'lb');
  await expect(page.getByRole('cell', { name: /chicken breast/i }).first()).toBeVisible();

  // The plate: an item, a generic ingredient and the sub-recipe.
  await page.goto('/recipe-costing');
  await page.getByRole('link', { name: `E2E Menu ${suffix}` }).click();
  await page.getByRole('link', { name: 'New Recipe' }).click();
  await page.getByLabel('Recipe Name').fill(`E2E Plate ${suffix}`);
  await page.getByLabel('Menu Price').fill('24');
  await page.getByRole('button', { name: 'Add Ingredients' }).click();
  await expect(page.getByRole('heading', { name: `E2E Plate ${suffix}`, level: 1 })).toBeVisible();
  await addIngredient('Item', 'chicken breast', /chicken breast/i, '8', 'oz');
  await addIngredient('Inventory Item', 'butter', /^butter/i, '1', 'oz');
  await addIngredient('Subrecipe', `E2E Stock ${suffix}`, new RegExp(`E2E Stock ${suffix}`), '1/2', 'qt');
  await expect(page.getByRole('row')).toHaveCount(4);

  // The food cost % shown is the server's value / 100.
  const recipeId = Number(page.url().split('/').pop());
  const response = await page.request.get(`/api/v1/recipe/${recipeId}`, { headers: await authHeaders(page) });
  const recipe = (await response.json()).data as Recipe;
  expect(recipe.ingredients.map((i) => i.ingredientType).sort()).toEqual(['generic', 'item', 'subrecipe']);
  expect(recipe.ingredients.every((i) => (i.ingredientCosting ?? 0) > 0)).toBe(true);
  expect(recipe.foodCostPercent).toBe(Math.round((recipe.totalCost * 10_000) / 2400));
  await expect(page.getByTestId('food-cost-percent')).toHaveText(formatFoodCostPercent(recipe.foodCostPercent));
  await shoot(page, 'recipe-editor');

  // Total cost entered by hand (doc 2 §4 totals editing): the food cost % follows it, and the
  // ingredients' sum comes back with one button.
  await page.getByLabel('Total Cost').fill('6');
  await page.getByRole('button', { name: 'Save Total Cost' }).click();
  await expect(page.getByTestId('total-cost')).toHaveText('$6.00');
  await expect(page.getByTestId('food-cost-percent')).toHaveText('25.00%');
  await expect(page.getByTestId('total-cost-entered')).toHaveText(
    `Entered by hand. The ingredients cost ${formatMoney(recipe.totalCost)}.`,
  );
  await page.getByRole('button', { name: 'Use Ingredient Cost' }).click();
  await expect(page.getByTestId('total-cost')).toHaveText(formatMoney(recipe.totalCost));
  await expect(page.getByTestId('food-cost-percent')).toHaveText(formatFoodCostPercent(recipe.foodCostPercent));

  // Copy it to Harbor Catering, another of the owner's locations with recipe costing; the generic
  // ingredient and the sub-recipe belong to this location and stay behind.
  await page.getByRole('button', { name: 'Copy to Location' }).click();
  const copyDialog = page.getByRole('dialog', { name: 'Copy Recipe to Location' });
  await copyDialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(copyDialog.getByRole('alert')).toHaveText('Choose the location to copy this recipe to.');
  await copyDialog.getByRole('combobox', { name: 'Location' }).click();
  // Harbor Grill Express has no recipe costing, and Harbor Grill is where the recipe already is.
  await expect(copyDialog.getByRole('option')).toHaveText(['Harbor Catering']);
  await copyDialog.getByRole('option', { name: 'Harbor Catering' }).click();
  const copied = page.waitForResponse((r) => r.request().method() === 'POST' && /\/copy-to-location\/\d+$/.test(r.url()));
  await copyDialog.getByRole('button', { name: 'Copy', exact: true }).click();
  const copy = (await (await copied).json()).data as { id: number; skipped: number };
  expect(copy.skipped).toBeGreaterThanOrEqual(2);
  await expect(copyDialog).toBeHidden();
  await expect(page.getByText(getRecipeCopiedNotice(`E2E Plate ${suffix}`, 'Harbor Catering', copy.skipped))).toBeVisible();

  // The category's table lists both with their food cost.
  await page.getByRole('link', { name: `E2E Menu ${suffix}` }).click();
  const row = page.getByRole('row', { name: new RegExp(`E2E Plate ${suffix}`) });
  await expect(row.getByRole('cell', { name: formatFoodCostPercent(recipe.foodCostPercent) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`E2E Stock ${suffix}`) })).toBeVisible();
  await shoot(page, 'recipe-table');

  // The sub-recipe linked into the Butter group of the inventory view shows as a sub-recipe card.
  await page.goto('/place-order/inventory');
  const butter = page.getByRole('region', { name: 'Butter', exact: true });
  await butter.getByRole('button', { name: 'Add item to Butter' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Add/Link items to Butter' });
  await linkDialog.getByLabel('Search items').fill(`E2E Stock ${suffix}`);
  await linkDialog.getByRole('checkbox', { name: new RegExp(`E2E Stock ${suffix} · Sub-recipe`) }).check();
  const linked = page.waitForResponse((r) => r.request().method() === 'POST' && /\/groups\/\d+\/items$/.test(r.url()));
  await linkDialog.getByRole('button', { name: 'Link', exact: true }).click();
  const group = (await (await linked).json()).data as GenericGroup;
  const card = butter.getByRole('article', { name: `E2E Stock ${suffix}` });
  await expect(card.getByLabel('Sub-recipe')).toBeVisible();
  await expect(card.getByRole('textbox', { name: `Batches of E2E Stock ${suffix}` })).toBeVisible();
  // Leave the demo group as it was.
  const item = group.items!.find((i) => i.isSubRecipe)!;
  const removed = await page.request.delete(
    `/api/v1/comparison-views/${group.comparisonViewId}/groups/${group.id}/subrecipe/${item.id}`,
    { headers: await authHeaders(page) },
  );
  expect(removed.status()).toBe(200);
});
