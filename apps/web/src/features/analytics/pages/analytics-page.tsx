import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { Navigate, Route, Routes } from 'react-router';
import { AnalyticsOverviewPage } from './analytics-overview-page';
import { TotalOrdersPage } from './total-orders-page';
import { TotalPurchasesPage } from './total-purchases-page';
import { TotalSavingsPage } from './total-savings-page';

/** /analytics and its sub-pages (doc 3 §2.4); desktop only (the route guard sends phones away). */
export function AnalyticsPage() {
  return (
    <Routes>
      <Route index element={<AnalyticsOverviewPage />} />
      <Route path="total-purchases" element={<TotalPurchasesPage />} />
      <Route path="total-orders" element={<TotalOrdersPage />} />
      <Route path="total-savings" element={<TotalSavingsPage />} />
      <Route path="*" element={<Navigate to="/analytics" replace />} />
    </Routes>
  );
}
