// Stylesheets of the Mantine parts only checkout uses (the shell imports the common ones), so they
// load with this chunk rather than with the first page.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Progress.css';
import { Navigate, useRoutes } from 'react-router';
import { useSession } from '../../../lib/session-store';
import { useHasCart } from '../../../shared/cart/use-cart';
import { REVIEW_ORDER_PATH } from '../checkout-paths';
import { CartTurnedOff } from '../components/checkout-states';
import { FinalReviewPage } from './final-review-page';
import { ReviewOrderPage } from './review-order-page';
import { SavingsPage } from './savings-page';
import { ShippingPaymentPage } from './shipping-payment-page';

/**
 * /checkout-ordering/{savings, review-order, shipping-payment, final-review} (doc 1 §2). Any other
 * path, /checkout-ordering itself included, goes to review order (step 3), as choosing checkout
 * from the header does.
 */
export function CheckoutPage() {
  const hasCart = useHasCart();
  const location = useSession((s) => s.activeLocation);
  const routes = useRoutes([
    { path: 'savings', element: <SavingsPage /> },
    { path: 'review-order', element: <ReviewOrderPage /> },
    { path: 'shipping-payment', element: <ShippingPaymentPage /> },
    { path: 'final-review', element: <FinalReviewPage /> },
    { path: '*', element: <Navigate to={REVIEW_ORDER_PATH} replace /> },
  ]);
  // Without a cart the steps would wait forever for one: say what the location's flags mean instead.
  if (location && !hasCart) return <CartTurnedOff locationName={location.nickname} canPlaceOrder={location.canPlaceOrder} />;
  return routes;
}
