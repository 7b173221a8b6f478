import { PlaceholderPage } from '../../../ui/placeholder-page';

export function ManageCardsPage() {
  return (
    <PlaceholderPage title="Manage Card" description="Save payment cards, choose a default card and edit billing details." />
  );
}
