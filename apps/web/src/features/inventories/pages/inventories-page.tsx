import { PlaceholderPage } from '../../../ui/placeholder-page';

export function InventoriesPage() {
  return (
    <PlaceholderPage
      title="Inventories"
      description="Browse past inventories, their on-hand values and counts, and download them as spreadsheets."
    />
  );
}
