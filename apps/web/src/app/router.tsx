import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { useSession } from '../lib/session-store';
import { useCartSyncState } from '../shared/cart/cart-sync-context';
import { useSpecialRequestLauncher } from '../shared/modals/special-request-launcher';
import { useTourStore } from '../shell/tour-store';
import { SilentBoundary } from '../ui/silent-boundary';
import * as Pages from './lazy-pages';
import { NotFoundPage } from './not-found-page';
import {
  InvoiceSuggestionsContext,
  type InvoiceSuggestionsSlotProps,
} from '../features/orders/components/invoice-suggestions-slot';
import { RootLayout } from './root-layout';

// The place-order route (its view switch, message pop-ups and the suggested-order panel) is a chunk
// of its own: none of it is needed before the shell, and its Mantine inputs weighed on /login
// (issue 38). Declared here, not in lazy-pages.ts, which the route itself imports.
const PlaceOrderRoute = lazy(() => import('./place-order-route').then((m) => ({ default: m.PlaceOrderRoute })));

/** Areas of the main app, inside the shell (doc 3 §2.2, doc 1 §2). */
const appRoutes: RouteObject[] = [
  { path: 'place-order/*', element: <PlaceOrderRoute /> },
  // doc 2 §2: the groups' price history, only where the comparison view is (as /place-order/inventory).
  { path: 'place-order/inventory/analytics', element: <InventoryAnalyticsRoute /> },
  { path: 'chain', element: <Pages.ChainPage /> },
  {
    path: 'analytics/*',
    // Issue 37: the suggested-order report under the analytics page (it renders nothing on its sub-pages).
    element: (
      <>
        <Pages.AnalyticsPage />
        <Suspense fallback={null}>
          <Pages.SuggestionReportCard />
        </Suspense>
      </>
    ),
  },
  // doc 3 §2.8: /accounting exact; any other /accounting path goes back to it.
  { path: 'accounting', element: <Pages.AccountingPage /> },
  { path: 'accounting/*', element: <Navigate to="/accounting" replace /> },
  { path: 'recipe-costing/*', element: <Pages.RecipeCostingPage /> },
  { path: 'pos/*', element: <Pages.PosPage /> },
  {
    path: 'manage-cards',
    children: [
      { index: true, element: <Pages.ManageCardsPage /> },
      { path: 'add-card', element: <Pages.AddCardPage /> },
      { path: 'update-card/:id', element: <Pages.UpdateCardPage /> },
      { path: '*', element: <Navigate to="/manage-cards" replace /> },
    ],
  },
  { path: 'shopping-lists/*', element: <Pages.ShoppingListsPage /> },
  {
    path: 'help',
    children: [
      { index: true, element: <Pages.HelpPage /> },
      { path: '*', element: <Navigate to="/help" replace /> },
    ],
  },
  {
    path: 'checkout-ordering/*',
    // Issue 37: the suggested order's sanity guard shows above Review Order (it renders nothing elsewhere).
    element: (
      <>
        <Suspense fallback={null}>
          <Pages.ReviewOrderGuard />
        </Suspense>
        <Pages.CheckoutPage />
      </>
    ),
  },
  { path: 'special-request', element: <Pages.SpecialRequestPage /> },
  { path: 'inventory-view/*', element: <Pages.InventoriesPage /> },
  { path: 'sort-inventory/:inventory', element: <Pages.SortInventoryPage /> },
  {
    path: 'order-history/*',
    // Invoices in (issue 36) is its own feature: the app mounts its action on the order-history list
    // and its OCR suggestions panel on the receiving screens.
    element: (
      <InvoiceSuggestionsContext.Provider value={renderInvoiceSuggestions}>
        <Pages.OrderHistoryPage
          importAction={
            <Suspense fallback={null}>
              <Pages.ImportInvoiceAction />
            </Suspense>
          }
          waitingPanel={
            <Suspense fallback={null}>
              <Pages.WaitingInvoicesPanel />
            </Suspense>
          }
        />
      </InvoiceSuggestionsContext.Provider>
    ),
  },
  { path: 'distributor/*', element: <Pages.DistributorsPage /> },
];

function renderInvoiceSuggestions(props: InvoiceSuggestionsSlotProps) {
  return <Pages.InvoiceSuggestionsPanel {...props} />;
}

function InventoryAnalyticsRoute() {
  const hasInventory = useSession((s) => s.activeLocation?.display_comparison_view === 1);
  if (!hasInventory) return <Navigate to="/place-order" replace />;
  return (
    <Suspense fallback={null}>
      <Pages.InventoryAnalyticsPage />
    </Suspense>
  );
}

function LazyGlobal({ name, children }: { name: string; children: ReactNode }) {
  return (
    <SilentBoundary name={name}>
      <Suspense fallback={null}>{children}</Suspense>
    </SilentBoundary>
  );
}

/**
 * Ordering pieces shown over any page of the app (doc 1 §2 "Other modals"): the simultaneous-shopping
 * warning, the Add Special Request modal and the welcome tour. Small shell stores say when each is
 * needed; their code belongs to the feature areas and loads on first use.
 */
function OrderingGlobals() {
  const hasSameModifiedItems = useCartSyncState((s) => s.sameModifiedItems.length > 0);
  const isSpecialRequestOpen = useSpecialRequestLauncher((s) => s.isOpen);
  const isTourRunning = useTourStore((s) => s.isRunning);
  return (
    <>
      {hasSameModifiedItems && (
        <LazyGlobal name="The simultaneous-shopping warning">
          <Pages.SimultaneousShoppingModal />
        </LazyGlobal>
      )}
      {isSpecialRequestOpen && (
        <LazyGlobal name="The special request modal">
          <Pages.SpecialRequestModal />
        </LazyGlobal>
      )}
      {isTourRunning && (
        <LazyGlobal name="The welcome tour">
          <Pages.WelcomeTour />
        </LazyGlobal>
      )}
    </>
  );
}

function AppFrame() {
  return (
    <>
      <Pages.AppLayout />
      <OrderingGlobals />
    </>
  );
}

/**
 * The route table, given to the data router (createBrowserRouter in app.tsx, createMemoryRouter in
 * tests). Server data is TanStack Query's job: no loaders or actions; the data router is there for
 * its blocker (offline mode's route-change warning).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: 'login', element: <Pages.LoginPage /> },
      { path: 'sign-up/:step', element: <Pages.SignUpPage /> },
      { path: 'change-password/:token', element: <Pages.ChangePasswordPage /> },
      { path: 'unlock-sign-in/:token', element: <Pages.UnlockSignInPage /> },
      { path: 'admin-login', element: <Pages.AdminLoginPage /> },
      { path: 'logout', element: <Pages.LogoutPage /> },
      // A sales rep belongs to no location: its screen stands outside the location shell (decisions.md).
      { path: 'sales-rep/*', element: <Pages.SalesRepPage /> },
      { element: <AppFrame />, children: appRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
