import { PlaceholderPage } from '../../../ui/placeholder-page';

export function InventoryViewPage() {
  return (
    <PlaceholderPage
      title="Place Order"
      description="Count what is on hand by group and order up to par, with prices compared across distributors."
    />
  );
}
