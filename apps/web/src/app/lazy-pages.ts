import { lazy } from 'react';

// Every page is its own chunk so the first screen loads only what it shows.
export const LoginPage = lazy(() => import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
export const LogoutPage = lazy(() => import('../features/auth/pages/logout-page').then((m) => ({ default: m.LogoutPage })));
export const ChangePasswordPage = lazy(() =>
  import('../features/auth/pages/change-password-page').then((m) => ({ default: m.ChangePasswordPage })),
);
export const UnlockSignInPage = lazy(() =>
  import('../features/auth/pages/unlock-sign-in-page').then((m) => ({ default: m.UnlockSignInPage })),
);
export const SignUpPage = lazy(() => import('../features/signup/pages/sign-up-page').then((m) => ({ default: m.SignUpPage })));
export const AdminLoginPage = lazy(() =>
  import('../features/admin/pages/admin-login-page').then((m) => ({ default: m.AdminLoginPage })),
);

export const AppLayout = lazy(() => import('../shell/app-layout').then((m) => ({ default: m.AppLayout })));

export const PlaceOrderListPage = lazy(() =>
  import('../features/catalog/pages/place-order-list-page').then((m) => ({ default: m.PlaceOrderListPage })),
);
export const InventoryViewPage = lazy(() =>
  import('../features/inventory/pages/inventory-view-page').then((m) => ({ default: m.InventoryViewPage })),
);
export const AnalyticsPage = lazy(() =>
  import('../features/analytics/pages/analytics-page').then((m) => ({ default: m.AnalyticsPage })),
);
export const ChainPage = lazy(() => import('../features/chain/pages/chain-page').then((m) => ({ default: m.ChainPage })));
export const AccountingPage = lazy(() =>
  import('../features/accounting/pages/accounting-page').then((m) => ({ default: m.AccountingPage })),
);
export const RecipeCostingPage = lazy(() =>
  import('../features/recipes/pages/recipe-costing-page').then((m) => ({ default: m.RecipeCostingPage })),
);
export const PosPage = lazy(() => import('../features/pos/pages/pos-page').then((m) => ({ default: m.PosPage })));
export const ManageCardsPage = lazy(() =>
  import('../features/cards/pages/manage-cards-page').then((m) => ({ default: m.ManageCardsPage })),
);
export const AddCardPage = lazy(() => import('../features/cards/pages/add-card-page').then((m) => ({ default: m.AddCardPage })));
export const UpdateCardPage = lazy(() =>
  import('../features/cards/pages/update-card-page').then((m) => ({ default: m.UpdateCardPage })),
);
export const ShoppingListsPage = lazy(() =>
  import('../features/shopping-lists/pages/shopping-lists-page').then((m) => ({ default: m.ShoppingListsPage })),
);
export const HelpPage = lazy(() => import('../features/help/pages/help-page').then((m) => ({ default: m.HelpPage })));
export const CheckoutPage = lazy(() =>
  import('../features/checkout/pages/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
export const SpecialRequestPage = lazy(() =>
  import('../features/special-requests/pages/special-request-page').then((m) => ({ default: m.SpecialRequestPage })),
);
export const InventoriesPage = lazy(() =>
  import('../features/inventories/pages/inventories-page').then((m) => ({ default: m.InventoriesPage })),
);
export const InventoryAnalyticsPage = lazy(() =>
  import('../features/inventory/pages/inventory-analytics-page').then((m) => ({ default: m.InventoryAnalyticsPage })),
);
export const SortInventoryPage = lazy(() =>
  import('../features/inventory/pages/sort-inventory-page').then((m) => ({ default: m.SortInventoryPage })),
);
export const OrderHistoryPage = lazy(() =>
  import('../features/orders/pages/order-history-page').then((m) => ({ default: m.OrderHistoryPage })),
);
export const DistributorsPage = lazy(() =>
  import('../features/distributors/pages/distributors-page').then((m) => ({ default: m.DistributorsPage })),
);

// Ordering pieces that appear over any page; each loads only when it is first needed.
export const SimultaneousShoppingModal = lazy(() =>
  import('../features/cart/components/simultaneous-shopping-modal').then((m) => ({ default: m.SimultaneousShoppingModal })),
);
export const SpecialRequestModal = lazy(() =>
  import('../features/special-requests/components/special-request-modal').then((m) => ({ default: m.SpecialRequestModal })),
);
export const WelcomeTour = lazy(() =>
  import('../features/tour/components/welcome-tour').then((m) => ({ default: m.WelcomeTour })),
);
export const SalesRepPage = lazy(() =>
  import('../features/distributors/pages/sales-rep-page').then((m) => ({ default: m.SalesRepPage })),
);
export const ImportInvoiceAction = lazy(() =>
  import('../features/invoices/components/import-invoice-action').then((m) => ({ default: m.ImportInvoiceAction })),
);
export const WaitingInvoicesPanel = lazy(() =>
  import('../features/invoices/components/waiting-invoices-panel').then((m) => ({ default: m.WaitingInvoicesPanel })),
);
export const InvoiceSuggestionsPanel = lazy(() =>
  import('../features/invoices/components/invoice-suggestions-panel').then((m) => ({ default: m.InvoiceSuggestionsPanel })),
);

// Issue 37's pieces beside other pages: the analytics report card and review order's guard.
export const SuggestionReportCard = lazy(() =>
  import('../features/suggested-orders/components/suggestion-report-card').then((m) => ({ default: m.SuggestionReportCard })),
);
export const ReviewOrderGuard = lazy(() =>
  import('../features/suggested-orders/components/review-order-guard').then((m) => ({ default: m.ReviewOrderGuard })),
);
