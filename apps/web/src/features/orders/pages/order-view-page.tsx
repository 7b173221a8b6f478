import { useState } from 'react';
import { Badge, Button, Card, Collapse, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import {
  formatLocationDateTime,
  formatMoney,
  formatOrderLineAmount,
  formatOrderLinePrice,
  getOrderLineSource,
  getOrderStatusDisplay,
  pickOrderDownload,
  RECEIVED_STATUSES,
  type OrderItem,
  type OrderSummary,
} from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { LoadFailed } from '../../../ui/load-failed';
import { downloadFile, downloadOrder365, useOrder } from '../api/order-history-api';
import { useLiveOrderRefresh } from '../hooks/use-live-order-refresh';
import { useSession } from '../../../lib/session-store';
import { useLocationTimeZone } from '../../../lib/use-location-today';
import { OrderHeader, OrderLoading, useRouteOrderId } from '../components/order-header';

function lineStatus(order: OrderSummary, item: OrderItem): string | null {
  if (order.status === 'electronically_received') return getOrderStatusDisplay(order.status, 'item');
  if (item.statusReceived === 'rejected') return `Rejected ${item.qtyReduction}`;
  if (item.receivedQuantity !== null) return 'Received';
  return null;
}

/** The restaurant accounting format (doc 3 §6: offered only with display_accounting). */
function AccountingDownloadButton({ orderId }: { orderId: number }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const hasAccounting = useSession((s) => s.activeLocation?.display_accounting === 1);
  if (!hasAccounting) return null;
  const download = () => {
    setState('busy');
    downloadOrder365(orderId)
      .then(() => setState('idle'))
      .catch(() => setState('failed'));
  };
  return (
    <Stack gap={2} align="flex-end">
      <Button size="xs" variant="default" onClick={download} loading={state === 'busy'}>
        Download for accounting
      </Button>
      {state === 'failed' && (
        <Text size="xs" c="red.8" role="alert">
          The accounting file could not be downloaded. Please try again.
        </Text>
      )}
    </Stack>
  );
}

function DownloadButton({ order }: { order: OrderSummary }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const target = pickOrderDownload(order);
  if (!target) return null;
  const download = () => {
    setState('busy');
    const name =
      target.kind === 'invoice' ? `invoice-${order.id}` : target.kind === 'pdf' ? `PO-${order.id}.pdf` : `PO-${order.id}.xlsx`;
    downloadFile(target.url, name)
      .then(() => setState('idle'))
      .catch(() => setState('failed'));
  };
  return (
    <Stack gap={2} align="flex-end">
      <Button size="xs" leftSection={<IconDownload size={14} aria-hidden />} onClick={download} loading={state === 'busy'}>
        Download
      </Button>
      {state === 'failed' && (
        <Text size="xs" c="red.8" role="alert">
          The file could not be downloaded. Please try again.
        </Text>
      )}
    </Stack>
  );
}

/** /order-history/view/{id}: the read-only order (doc 3 §2.5). */
export function OrderViewPage() {
  const orderId = useRouteOrderId();
  usePageTitle('Order');
  const order = useOrder(orderId);
  useLiveOrderRefresh(orderId);
  const timeZone = useLocationTimeZone();
  const [showDetails, setShowDetails] = useState(false);
  if (Number.isNaN(orderId)) return <Navigate to="/order-history" replace />;
  if (order.isPending) return <OrderLoading label="Loading the order" />;
  if (order.isError) return <LoadFailed title="This order could not be loaded" onRetry={() => void order.refetch()} />;
  const o = order.data;
  const summary: [string, string][] = [
    ['Line items', String(o.lineItems)],
    ['Items', String(o.itemCount)],
    ['Total items price', formatMoney(o.totalItemsPrice)],
    ['Delivery fee', formatMoney(o.deliveryFee)],
    ['Same day delivery fee', formatMoney(o.sameDayDeliveryFee)],
    ['Special taxes', formatMoney(o.salesTax)],
    ['Subtotal', formatMoney(o.subtotal)],
    ['Promo', formatMoney(o.promoDiscount)],
    ['Applied credit', formatMoney(o.usedCredit)],
    // A receiving's credit is its own line between what was ordered and the total (issue 32).
    ...(o.creditRefusal > 0
      ? ([
          ['Ordered total', formatMoney(o.orderedTotal)],
          ['Credit (rejected items)', formatMoney(o.creditRefusal)],
        ] as [string, string][])
      : []),
    ['Total', formatMoney(o.total)],
  ];
  return (
    <Stack gap="md" maw={960} w="100%" mx="auto">
      <OrderHeader
        order={o}
        actions={
          <>
            <DownloadButton order={o} />
            <AccountingDownloadButton orderId={o.id} />
          </>
        }
      />
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
          {summary.map(([label, value]) => (
            <Stack key={label} gap={0}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {label}
              </Text>
              <Text size="sm">{value}</Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Button variant="subtle" size="xs" mt="sm" onClick={() => setShowDetails((v) => !v)} aria-expanded={showDetails}>
          {showDetails ? 'Hide Details' : 'Show Details'}
        </Button>
        <Collapse expanded={showDetails}>
          <Stack gap={2} mt="xs">
            <Text size="sm">Payment: {o.paymentType === 'card' ? 'Card' : 'Terms'}</Text>
            {o.receivedTime && <Text size="sm">Received {formatLocationDateTime(o.receivedTime, timeZone)}</Text>}
            {o.creditRefusal > 0 && (
              <Text size="sm">
                Credit for rejected items: {formatMoney(o.creditRefusal)} ({o.creditStatus})
              </Text>
            )}
            {o.notes && <Text size="sm">Notes: {o.notes}</Text>}
          </Stack>
        </Collapse>
      </Card>
      {/* A phone scrolls the lines sideways: the scrolling region takes the keyboard focus (axe scrollable-region-focusable). */}
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label="Order lines, scrolls sideways">
        <Table aria-label="Order lines" striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.items.map((item) => (
              <Table.Tr key={item.oi_id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {item.item}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[item.brand, item.packSize].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="outline" size="sm" c="dark.8">
                    {getOrderLineSource(item.isSpecial)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{formatOrderLinePrice(item)}</Table.Td>
                <Table.Td ta="right">{formatOrderLineAmount(item)}</Table.Td>
                <Table.Td>{lineStatus(o, item) ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button component={Link} to="/order-history" variant="default">
          Back to Order History
        </Button>
        <Button component={Link} to={`/order-history/upload-invoice/${o.id}`} variant="light">
          Invoices
        </Button>
        <Button component={Link} to={`/order-history/inventory/${o.id}`} variant="light">
          Inventory
        </Button>
        {(RECEIVED_STATUSES as readonly string[]).includes(o.status) && (
          <Button component={Link} to={`/order-history/reconciliation/${o.id}`} variant="light">
            Reconcile invoice
          </Button>
        )}
      </Group>
    </Stack>
  );
}
