import { PlaceholderPage } from '../../../ui/placeholder-page';

export function ShoppingListsPage() {
  return (
    <PlaceholderPage
      title="Shopping Lists"
      description="Keep lists of the items you order together and reorder them in one go."
    />
  );
}
