import { Button, Group, Stack } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { getOrderRowAction } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { LoadFailed } from '../../../ui/load-failed';
import { useOrder } from '../api/order-history-api';
import { useLiveOrderRefresh } from '../hooks/use-live-order-refresh';
import { OrderHeader, OrderLoading, useRouteOrderId } from '../components/order-header';

/** /order-history/{id}: the order's header only (doc 3 §2.5). */
export function OrderDetailPage() {
  const orderId = useRouteOrderId();
  usePageTitle(`Order ${Number.isNaN(orderId) ? '' : orderId}`);
  const order = useOrder(orderId);
  useLiveOrderRefresh(orderId);
  if (Number.isNaN(orderId)) return <Navigate to="/order-history" replace />;
  if (order.isPending) return <OrderLoading label="Loading the order" />;
  if (order.isError) return <LoadFailed title="This order could not be loaded" onRetry={() => void order.refetch()} />;
  return (
    <Stack gap="md" maw={960} w="100%" mx="auto">
      <OrderHeader order={order.data} />
      <Group>
        <Button component={Link} to={`/order-history/view/${orderId}`} variant="default">
          View order
        </Button>
        {order.data.status !== 'cancelled' && (
          <Button component={Link} to={`/order-history/receive/${orderId}`}>
            {getOrderRowAction(order.data.status)}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
