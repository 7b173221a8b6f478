import { PlaceholderPage } from '../../../ui/placeholder-page';

export function AccountingPage() {
  return (
    <PlaceholderPage
      title="Accounting"
      description="Tag items with a supplier, category and GL code, set payable terms and download an export for your accounting software."
    />
  );
}
