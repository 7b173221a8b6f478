import '../components/recipes-styles';
import { Navigate, Route, Routes } from 'react-router';
import { MenuCategoriesPage } from './menu-categories-page';
import { NewRecipePage } from './new-recipe-page';
import { RecipeEditorPage } from './recipe-editor-page';
import { RecipeTablePage } from './recipe-table-page';

/** Recipe costing's routes (doc 2 §2); unknown paths under it go to /recipe-costing. */
export function RecipeCostingPage() {
  return (
    <Routes>
      <Route index element={<MenuCategoriesPage />} />
      <Route path="new-recipe" element={<NewRecipePage />} />
      <Route path=":menuId" element={<RecipeTablePage />} />
      <Route path=":menuId/recipe/:recipeId" element={<RecipeEditorPage />} />
      <Route path="*" element={<Navigate to="/recipe-costing" replace />} />
    </Routes>
  );
}
