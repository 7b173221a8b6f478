import { PlaceholderPage } from '../../../ui/placeholder-page';

export function OrderHistoryPage() {
  return (
    <PlaceholderPage
      title="Order History"
      description="Browse past orders, receive deliveries item by item and keep invoices with each order."
    />
  );
}
