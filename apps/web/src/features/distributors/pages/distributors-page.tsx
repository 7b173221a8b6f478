import { Navigate, useParams, useRoutes } from 'react-router';
import { DISTRIBUTOR_PATH } from '../paths';
import { DistributorEditPage } from './distributor-edit-page';
import { DistributorListPage } from './distributor-list-page';
import { OrderGuidePage } from './order-guide-page';

function parseId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

function WithIds({ page }: { page: 'edit' | 'guide' }) {
  const params = useParams();
  const distributorId = parseId(params.id);
  if (distributorId === null) return <Navigate to={DISTRIBUTOR_PATH} replace />;
  if (page === 'edit') return <DistributorEditPage key={distributorId} distributorId={distributorId} />;
  return (
    <OrderGuidePage key={`${distributorId}-${params.ogId ?? ''}`} distributorId={distributorId} guideId={parseId(params.ogId)} />
  );
}

/** The Distributors area (doc 3 §2.7): /distributor, /distributor/{id}, /distributor/{id}/order-guide/{ogId?}. */
export function DistributorsPage() {
  return useRoutes([
    { index: true, element: <DistributorListPage /> },
    { path: ':id', element: <WithIds page="edit" /> },
    { path: ':id/order-guide', element: <WithIds page="guide" /> },
    { path: ':id/order-guide/:ogId', element: <WithIds page="guide" /> },
    { path: '*', element: <Navigate to={DISTRIBUTOR_PATH} replace /> },
  ]);
}
