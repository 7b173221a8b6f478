import { useRoutes, type RouteObject } from 'react-router';
import * as Pages from './lazy-pages';
import { NotFoundPage } from './not-found-page';
import { PlaceOrderRoute } from './place-order-route';
import { RootLayout } from './root-layout';

/** Areas of the main app, inside the shell (doc 3 §2.2, doc 1 §2). */
const appRoutes: RouteObject[] = [
  { path: 'place-order/*', element: <PlaceOrderRoute /> },
  { path: 'analytics/*', element: <Pages.AnalyticsPage /> },
  { path: 'accounting/*', element: <Pages.AccountingPage /> },
  { path: 'recipe-costing/*', element: <Pages.RecipeCostingPage /> },
  { path: 'pos/*', element: <Pages.PosPage /> },
  { path: 'manage-cards/*', element: <Pages.ManageCardsPage /> },
  { path: 'shopping-lists/*', element: <Pages.ShoppingListsPage /> },
  { path: 'help/*', element: <Pages.HelpPage /> },
  { path: 'checkout-ordering/*', element: <Pages.CheckoutPage /> },
  { path: 'special-request', element: <Pages.SpecialRequestPage /> },
  { path: 'inventory-view/*', element: <Pages.InventoriesPage /> },
  { path: 'sort-inventory/:inventory', element: <Pages.SortInventoryPage /> },
  { path: 'order-history/*', element: <Pages.OrderHistoryPage /> },
  { path: 'distributor/*', element: <Pages.DistributorsPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: 'login', element: <Pages.LoginPage /> },
      { path: 'sign-up/:step', element: <Pages.SignUpPage /> },
      { path: 'change-password/:token', element: <Pages.ChangePasswordPage /> },
      { path: 'admin-login', element: <Pages.AdminLoginPage /> },
      { path: 'logout', element: <Pages.LogoutPage /> },
      { element: <Pages.AppLayout />, children: appRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The route table in declarative mode (inside <BrowserRouter>, or <MemoryRouter> in tests). Server
 * data is TanStack Query's job, so the data router's extras (loaders, actions, fetchers, useBlocker)
 * are left out: they add about 16 kB gzipped to the first chunk. Moving to createBrowserRouter(routes)
 * is a few lines if an area ever needs them.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
