import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconPhoto, IconReceipt } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  describeOrderCredit,
  formatIsoDateMdy,
  formatMoney,
  getOrderRowAction,
  getOrderStatusDisplay,
  type OrderHistoryRow,
} from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useHasCart } from '../../../shared/cart/use-cart';
import { LoadFailed } from '../../../ui/load-failed';
import { downloadOrderHistory, useOrderHistory } from '../api/order-history-api';
import { useLiveOrderRefresh } from '../hooks/use-live-order-refresh';
import { ReorderButton } from '../components/reorder-button';

const STATUS_COLOR: Record<string, string> = {
  Received: 'teal',
  Cancelled: 'gray',
  'Electronic Invoice': 'blue',
  'On the Way': 'orange',
};

/** The credit of a receiving under the order's total (issue 32): "credit $40.80", nothing without one. */
function CreditNote({ credit }: { credit: number }) {
  const text = describeOrderCredit(credit);
  return text ? (
    <Text size="xs" c="dimmed">
      {text}
    </Text>
  ) : null;
}

function StatusBadge({ status }: { status: string }) {
  const text = getOrderStatusDisplay(status);
  return (
    <Badge
      // 'Electronic Invoice' may take two lines, so the table still fits 1280 px without scrolling.
      styles={{ root: { overflow: 'visible', height: 'auto' }, label: { overflow: 'visible', whiteSpace: 'normal' } }}
      color={STATUS_COLOR[text] ?? 'gray'}
      c="dark.8"
      variant="dot"
      tt="none"
    >
      {text}
    </Badge>
  );
}

function RowActions({ order, hasCart, hasView = false }: { order: OrderHistoryRow; hasCart: boolean; hasView?: boolean }) {
  const action = getOrderRowAction(order.status);
  return (
    <Group gap={4} wrap="nowrap">
      {hasView && (
        <Button
          component={Link}
          to={`/order-history/view/${order.id}`}
          size="xs"
          variant="default"
          aria-label={`View order ${order.id}`}
        >
          View
        </Button>
      )}
      {order.status !== 'cancelled' && (
        <Button component={Link} to={`/order-history/receive/${order.id}`} size="xs" aria-label={`${action} order ${order.id}`}>
          {action}
        </Button>
      )}
      <ActionIcon
        component={Link}
        to={`/order-history/upload-invoice/${order.id}`}
        variant="subtle"
        size="lg"
        aria-label={`Invoices of order ${order.id}`}
        title="Invoices"
      >
        <IconPhoto size={18} aria-hidden />
      </ActionIcon>
      {hasCart && <ReorderButton orderId={order.id} label={`Reorder order ${order.id}`} />}
    </Group>
  );
}

function LoadingRows() {
  return (
    <Stack gap="xs" role="status" aria-label="Loading orders">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={44} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * /order-history: the location's orders, 24 a page (doc 3 §2.5); `headerAction` is what the app
 * mounts beside the download (Import invoice), `belowHeader` above the orders (the waiting invoices).
 */
export function OrderHistoryListPage({ headerAction, belowHeader }: { headerAction?: ReactNode; belowHeader?: ReactNode }) {
  usePageTitle('Order History');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useOrderHistory(page);
  useLiveOrderRefresh();
  const isDesktop = useIsDesktop();
  const hasCart = useHasCart();
  const [downloadState, setDownloadState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const download = () => {
    setDownloadState('busy');
    downloadOrderHistory()
      .then(() => setDownloadState('idle'))
      .catch(() => setDownloadState('failed'));
  };

  let content;
  if (orders.isPending) content = <LoadingRows />;
  else if (orders.isError) content = <LoadFailed title="Your orders could not be loaded" onRetry={() => void orders.refetch()} />;
  else if (orders.data.data.length === 0)
    content = (
      <Card withBorder radius="lg" padding="xl">
        <EmptyState variant="light">
          <EmptyState.Indicator>
            <IconReceipt size={28} aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>No orders yet</EmptyState.Title>
          <EmptyState.Description>Orders you place appear here, ready to receive when they arrive.</EmptyState.Description>
        </EmptyState>
      </Card>
    );
  else if (isDesktop)
    content = (
      // Fits the desktop content width at 1280 px (the invoice number sits under the order number);
      // a narrower desktop window scrolls the table sideways in a focusable region.
      <Table.ScrollContainer minWidth={860} type="native" tabIndex={0} role="region" aria-label="Orders, scrolls sideways">
        <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" aria-label="Orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={104}>Order No / Invoice No</Table.Th>
              <Table.Th>Order Date</Table.Th>
              <Table.Th>Delivery Date</Table.Th>
              <Table.Th>Distributor</Table.Th>
              <Table.Th ta="right">Line Items</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.data.data.map((order) => (
              <Table.Tr key={order.id}>
                <Table.Td>
                  <Link to={`/order-history/view/${order.id}`} aria-label={`View order ${order.id}`}>
                    {order.id}
                  </Link>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {order.customInvoiceId ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{order.createTimeDisplay}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDateMdy(order.requestedDeliveryDate) || '—'}</Table.Td>
                <Table.Td>{order.distributor}</Table.Td>
                <Table.Td ta="right">{order.lineItems}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(order.total)}
                  <CreditNote credit={order.credit} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={order.status} />
                </Table.Td>
                <Table.Td>
                  <RowActions order={order} hasCart={hasCart} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  else
    content = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Orders" style={{ listStyle: 'none' }}>
        {orders.data.data.map((order) => (
          <Card component="li" key={order.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Text fw={600}>
                  {order.distributor} · #{order.id}
                </Text>
                <Text size="sm" c="dimmed">
                  Ordered {order.createTimeDisplay} · Delivery {formatIsoDateMdy(order.requestedDeliveryDate) || '—'}
                </Text>
                <Text size="sm">
                  {order.lineItems} line items · {formatMoney(order.total)}
                </Text>
                <CreditNote credit={order.credit} />
                {order.customInvoiceId && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    Invoice {order.customInvoiceId}
                  </Text>
                )}
              </Stack>
              <StatusBadge status={order.status} />
            </Group>
            <Group mt="xs" gap={6}>
              <RowActions order={order} hasCart={hasCart} hasView />
            </Group>
          </Card>
        ))}
      </Stack>
    );

  const pageCount = orders.data?.meta.pageCount ?? 1;
  return (
    <Stack gap="md" w="100%">
      <Group justify="flex-end" gap="xs">
        {headerAction}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloadState === 'busy'}
          onClick={download}
        >
          Download order history
        </Button>
      </Group>
      {downloadState === 'failed' && (
        <Text c="red.8" size="sm" role="alert">
          The order history could not be downloaded. Please try again.
        </Text>
      )}
      {belowHeader}
      {content}
      {pageCount > 1 && (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={page}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
