import { PlaceholderPage } from '../../../ui/placeholder-page';

export function SpecialRequestPage() {
  return (
    <PlaceholderPage title="Add Special Request" description="Ask a distributor for an item that is not on your order guide." />
  );
}
