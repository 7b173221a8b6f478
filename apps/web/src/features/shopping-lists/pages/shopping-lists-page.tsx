import { Navigate, useParams, useRoutes } from 'react-router';
import { parseShoppingListId } from '@stockpot/domain';
import { SHOPPING_LISTS_PATH } from '../paths';
import { AddListPage, UpdateListPage } from './list-name-pages';
import { ListCatalogPage } from './list-catalog-page';
import { ListDetailPage } from './list-detail-page';
import { ListsPage } from './lists-page';

/** Renders `page` with the list id of the path; a path that holds no valid id goes to the lists (doc 1 §2). */
function WithListId({ page: Page }: { page: (props: { listId: number }) => React.ReactNode }) {
  const listId = parseShoppingListId(useParams().id);
  if (listId === null) return <Navigate to={SHOPPING_LISTS_PATH} replace />;
  return <Page key={listId} listId={listId} />;
}

/**
 * The shopping-lists area (doc 1 §2): /shopping-lists, add-list, update-list/{id}, {id} and
 * items/{id}. Unknown shopping-list paths redirect to /shopping-lists.
 */
export function ShoppingListsPage() {
  return useRoutes([
    { index: true, element: <ListsPage /> },
    { path: 'add-list', element: <AddListPage /> },
    { path: 'update-list/:id', element: <WithListId page={UpdateListPage} /> },
    { path: 'items/:id', element: <WithListId page={ListCatalogPage} /> },
    { path: ':id', element: <WithListId page={ListDetailPage} /> },
    { path: '*', element: <Navigate to={SHOPPING_LISTS_PATH} replace /> },
  ]);
}
