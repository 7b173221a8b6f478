import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { OrderCompletePage } from './order-complete-page';
import { OrderDetailPage } from './order-detail-page';
import { OrderHistoryListPage } from './order-history-list-page';
import { OrderInventoryPage } from './order-inventory-page';
import { OrderViewPage } from './order-view-page';
import { ReceiveOrderPage } from './receive-order-page';
import { ReconciliationPage } from './reconciliation-page';
import { TakePhotoPage } from './take-photo-page';
import { UploadInvoicePage } from './upload-invoice-page';

/**
 * The /order-history routes (doc 3 §2.5); any other path under it goes back to the list.
 * `importAction` and `waitingPanel`: the app's Import invoice and its waiting invoices (issue 36).
 */
export function OrderHistoryPage({ importAction, waitingPanel }: { importAction?: ReactNode; waitingPanel?: ReactNode }) {
  return (
    <Routes>
      <Route index element={<OrderHistoryListPage headerAction={importAction} belowHeader={waitingPanel} />} />
      <Route path="receive/:id" element={<ReceiveOrderPage />} />
      <Route path="receive/:id/order-complete" element={<OrderCompletePage />} />
      <Route path="view/:id" element={<OrderViewPage />} />
      <Route path="upload-invoice/:id" element={<UploadInvoicePage />} />
      <Route path="upload-invoice/:id/take-photo" element={<TakePhotoPage />} />
      <Route path="inventory/:id" element={<OrderInventoryPage />} />
      <Route path="reconciliation/:id" element={<ReconciliationPage />} />
      <Route path=":id" element={<OrderDetailPage />} />
      <Route path="*" element={<Navigate to="/order-history" replace />} />
    </Routes>
  );
}
