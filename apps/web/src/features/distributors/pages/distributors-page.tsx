import { PlaceholderPage } from '../../../ui/placeholder-page';

export function DistributorsPage() {
  return (
    <PlaceholderPage title="Distributor" description="Manage your distributors, their sales reps and order guide uploads." />
  );
}
