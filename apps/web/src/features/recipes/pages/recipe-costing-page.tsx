import { PlaceholderPage } from '../../../ui/placeholder-page';

export function RecipeCostingPage() {
  return (
    <PlaceholderPage
      title="Recipe Costing"
      description="Build recipes from the items you buy and see what each plate costs at today's prices."
    />
  );
}
