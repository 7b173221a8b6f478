import { Navigate, useRoutes } from 'react-router';
import { Alert } from '@mantine/core';
import { useSession } from '../../../lib/session-store';
import { InventoryDetailPage } from './inventory-detail-page';
import { PastInventoriesPage } from './past-inventories-page';
import { ReviewInventoryPage } from './review-inventory-page';

/**
 * /inventory-view/* (doc 2 §2, doc 3 §2.6): past inventories, one inventory's detail and the
 * review of the inventory under way. The area needs the comparison view; its controls and
 * export need display_inventory (doc 2 §6).
 */
export function InventoriesPage() {
  const hasView = useSession((s) => s.activeLocation?.display_comparison_view === 1);
  const displays = useSession((s) => s.activeLocation?.display_inventory === 1);
  const routes = useRoutes([
    { path: 'inventories', element: <PastInventoriesPage /> },
    { path: 'inventories-detail', element: <InventoryDetailPage /> },
    { path: 'review-inventory', element: <ReviewInventoryPage /> },
    { path: '*', element: <Navigate to="/inventory-view/inventories" replace /> },
  ]);
  if (!hasView) return <Navigate to="/place-order/list" replace />;
  if (!displays)
    return (
      <Alert color="gray" title="Inventories are not turned on" maw={640} mx="auto">
        Inventory counts are not turned on for this location.
      </Alert>
    );
  return routes;
}
