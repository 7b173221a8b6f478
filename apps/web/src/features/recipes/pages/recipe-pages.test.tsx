import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RecipeRow } from '@stockpot/domain';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { DESKTOP_WIDTH, PHONE_WIDTH, renderApp, seedSession, setViewportWidth } from '../../../test/render-app';

const member = makeUser();
// The whole app renders first (shell, guard, lazy pages): slow on a shared machine.
const SLOW = { timeout: 45_000 };
const categories = [{ value: 3, label: 'Entrees' }];
const row = (id: number, name: string): RecipeRow => ({
  id,
  name,
  price: 2400,
  totalCost: 600,
  foodCostPercent: 2500,
  posQuantitySold: 4,
  posTotalSold: 9600,
  isSubRecipe: false,
  subRecipeYield: null,
  subRecipeYieldUom: null,
});

function mockRecipes(rows: RecipeRow[]) {
  return mockFetch({
    'GET /api/v1/users/current-user': () => jsonResponse(200, { data: member }),
    'GET /api/v1/recipe-menu-category': () => jsonResponse(200, { data: categories }),
    'GET /api/v1/recipe': () =>
      jsonResponse(200, { data: rows, _meta: { pageCount: 1, currentPage: 1, totalCount: rows.length } }),
    'DELETE /api/v1/recipe/11': () => {
      rows.splice(
        rows.findIndex((r) => r.id === 11),
        1,
      );
      return jsonResponse(200, { data: { id: 11 } });
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('menu categories on a phone (doc 2 §2: "mobile: options sheet")', { timeout: 120_000 }, () => {
  it('opens an options sheet with Edit and Delete instead of inline buttons', async () => {
    setViewportWidth(PHONE_WIDTH);
    mockRecipes([]);
    seedSession({ user: member });
    renderApp('/recipe-costing');
    fireEvent.click(await screen.findByRole('button', { name: 'Options for Entrees' }, SLOW));
    expect(screen.queryByRole('button', { name: 'Edit Entrees' })).not.toBeInTheDocument();
    const sheet = await screen.findByRole('dialog', { name: 'Entrees' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('"Entrees" and its recipes will be deleted.')).toBeInTheDocument();
  });

  it('keeps Edit and Delete on the row on desktop', async () => {
    setViewportWidth(DESKTOP_WIDTH);
    mockRecipes([]);
    seedSession({ user: member });
    renderApp('/recipe-costing');
    expect(await screen.findByRole('button', { name: 'Edit Entrees' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Options for Entrees' })).not.toBeInTheDocument();
  });
});

describe('the recipe table', { timeout: 120_000 }, () => {
  it("deletes a single recipe from its row after 'Delete Recipe?'", async () => {
    setViewportWidth(DESKTOP_WIDTH);
    const requests = mockRecipes([row(11, 'Burger'), row(12, 'Salad')]);
    seedSession({ user: member });
    renderApp('/recipe-costing/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Burger' }, SLOW));
    expect(await screen.findByText('Delete Recipe?')).toBeInTheDocument();
    // The confirmation's button (the page's bulk Delete comes first in the document).
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText('Burger')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/v1/recipe/11']);
    expect(screen.getByText('Salad')).toBeInTheDocument();
  });

  it('drops a recipe deleted from its row from the selection the bulk buttons act on', async () => {
    setViewportWidth(DESKTOP_WIDTH);
    const requests = mockRecipes([row(11, 'Burger'), row(12, 'Salad')]);
    seedSession({ user: member });
    renderApp('/recipe-costing/3');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Burger' }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Burger' }));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Delete' })).at(-1)!);
    await waitFor(() => expect(screen.queryByText('Burger')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Duplicate' })).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Salad' }));
    expect(screen.getByRole('checkbox', { name: 'Select all recipes' })).toBeChecked();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/v1/recipe/11']);
  });

  it('shows Food Cost % and Details on a phone without the wide columns that need a sideways swipe', async () => {
    setViewportWidth(PHONE_WIDTH);
    mockRecipes([row(11, 'Burger')]);
    seedSession({ user: member });
    renderApp('/recipe-costing/3');
    expect(await screen.findByText('25.00%', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Details of Burger' })).toBeInTheDocument();
    expect(screen.queryByText('POS: Total Sold')).not.toBeInTheDocument();
    expect(screen.queryByText('$96.00')).not.toBeInTheDocument();
  });
});
