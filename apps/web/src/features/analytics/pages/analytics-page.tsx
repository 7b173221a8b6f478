import { PlaceholderPage } from '../../../ui/placeholder-page';

export function AnalyticsPage() {
  return (
    <PlaceholderPage
      title="Dashboard/Analytics"
      description="Total purchases, orders and savings for this location, with price statistics and an item lookup."
    />
  );
}
