import { PlaceholderPage } from '../../../ui/placeholder-page';

export function PosPage() {
  return <PlaceholderPage title="POS" description="Review point-of-sale sales against what you bought and counted." />;
}
