import { PlaceholderPage } from '../../../ui/placeholder-page';

export function SortInventoryPage() {
  return (
    <PlaceholderPage
      title="Sort Inventory"
      description="Arrange the groups of an inventory in the order you walk your storage."
    />
  );
}
