import { PlaceholderPage } from '../../../ui/placeholder-page';

export function CheckoutPage() {
  return (
    <PlaceholderPage
      title="Checkout"
      description="Review your cart by distributor, pick savings, choose delivery and payment, and submit your orders."
    />
  );
}
