import { PlaceholderPage } from '../../../ui/placeholder-page';

export function PlaceOrderListPage() {
  return (
    <PlaceholderPage
      title="Place Order"
      description="Browse and search the items on your order guides, compare prices across distributors and add them to your cart."
    />
  );
}
