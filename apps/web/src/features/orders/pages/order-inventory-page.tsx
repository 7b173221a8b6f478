import { useState } from 'react';
import { Avatar, Button, Card, EmptyState, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { formatInstantMdy, formatMoney, type OrderInventoryItem } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useLocationTimeZone } from '../../../lib/use-location-today';
import { LoadFailed } from '../../../ui/load-failed';
import { useOrderInventoryItems } from '../api/order-history-api';
import { OrderLoading, useRouteOrderId } from '../components/order-header';

/** Cases with up to two decimals, as counted ("2.5"). */
const formatCases = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
const formatPar = (item: OrderInventoryItem) =>
  `${formatCases(item.parLevel)} ${item.parLevelUnit === 'case' && item.parLevel !== 1 ? 'cases' : item.parLevelUnit}`;
const formatOnHand = (item: OrderInventoryItem) => `${formatCases(item.onHand)} ${item.onHand === 1 ? 'case' : 'cases'}`;
/** The update's date in the location's time zone (issue 31), not the browser's. */
function useFormatUpdate() {
  const timeZone = useLocationTimeZone();
  return (iso: string) => formatInstantMdy(new Date(iso), timeZone);
}

function ItemImage({ item }: { item: OrderInventoryItem }) {
  return (
    <Avatar src={item.imageUrl || null} alt="" radius="sm" size={40} color="gray">
      <IconPackage size={20} aria-hidden />
    </Avatar>
  );
}

function SeeDetailsButton({ item, onOpen }: { item: OrderInventoryItem; onOpen: (item: OrderInventoryItem) => void }) {
  return (
    <Button size="xs" variant="subtle" onClick={() => onOpen(item)} aria-label={`See details of ${item.description}`}>
      See details
    </Button>
  );
}

/** The rest of an order inventory item (doc 3 §3): what the row has no room for. */
function DetailsModal({ item, onClose }: { item: OrderInventoryItem | null; onClose: () => void }) {
  const formatUpdate = useFormatUpdate();
  const rows: [string, string][] = item
    ? [
        ['Brand', item.brand || '—'],
        ['Item #', item.din || '—'],
        ['Distributor', item.distributor],
        ['Pack size', item.packSize || '—'],
        ['Unit of measure', item.unitMeasure || '—'],
        ['Inventory list', item.comparisonView],
        ['Par level', formatPar(item)],
        ['On hand', formatOnHand(item)],
        ['On hand value', formatMoney(item.onHandAmount)],
        ['Last update', formatUpdate(item.updateTime)],
      ]
    : [];
  return (
    <Modal opened={item !== null} onClose={onClose} title={item?.description ?? ''} centered>
      <Table variant="vertical" withRowBorders aria-label="Item details">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="45%">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

function InventoryTable({ items, onOpen }: { items: OrderInventoryItem[]; onOpen: (item: OrderInventoryItem) => void }) {
  const formatUpdate = useFormatUpdate();
  return (
    <Table striped verticalSpacing="xs" aria-label="Order inventory">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={56}>Image</Table.Th>
          <Table.Th>Item Name</Table.Th>
          <Table.Th ta="right">Par Level</Table.Th>
          <Table.Th ta="right">On Hand</Table.Th>
          <Table.Th ta="right">On Hand Value</Table.Th>
          <Table.Th>Last Update</Table.Th>
          <Table.Th>Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>
              <ItemImage item={item} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {item.description}
              </Text>
              <Text size="xs" c="dimmed">
                {[item.brand, item.packSize, item.comparisonView].filter(Boolean).join(' · ')}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatPar(item)}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatOnHand(item)}
            </Table.Td>
            <Table.Td ta="right">{formatMoney(item.onHandAmount)}</Table.Td>
            <Table.Td>{formatUpdate(item.updateTime)}</Table.Td>
            <Table.Td>
              <SeeDetailsButton item={item} onOpen={onOpen} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function InventoryCards({ items, onOpen }: { items: OrderInventoryItem[]; onOpen: (item: OrderInventoryItem) => void }) {
  const formatUpdate = useFormatUpdate();
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Order inventory" style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Card component="li" key={item.id} withBorder radius="md" padding="sm">
          <Group wrap="nowrap" align="flex-start">
            <ItemImage item={item} />
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600} size="sm">
                {item.description}
              </Text>
              <Text size="xs" c="dimmed">
                {item.comparisonView} · updated {formatUpdate(item.updateTime)}
              </Text>
              <Text size="sm">
                Par {formatPar(item)} · On hand {formatOnHand(item)} · {formatMoney(item.onHandAmount)}
              </Text>
            </Stack>
          </Group>
          <Group justify="flex-end" mt={4}>
            <SeeDetailsButton item={item} onOpen={onOpen} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** /order-history/inventory/{id}: where the order's items stand in the location's inventory (doc 3 §2.5). */
export function OrderInventoryPage() {
  const orderId = useRouteOrderId();
  usePageTitle('Order Inventory');
  const items = useOrderInventoryItems(orderId);
  const isDesktop = useIsDesktop();
  const [details, setDetails] = useState<OrderInventoryItem | null>(null);
  if (Number.isNaN(orderId)) return <Navigate to="/order-history" replace />;

  let content;
  if (items.isPending) content = <OrderLoading label="Loading the order's inventory" />;
  else if (items.isError)
    content = <LoadFailed title="The inventory of this order could not be loaded" onRetry={() => void items.refetch()} />;
  else if (items.data.length === 0)
    content = (
      <Card withBorder radius="lg" padding="xl">
        <EmptyState variant="light">
          <EmptyState.Indicator>
            <IconPackage size={28} aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>None of these items are on an inventory list</EmptyState.Title>
          <EmptyState.Description>
            Add the items to a list in your inventory to follow their par level and on hand count here.
          </EmptyState.Description>
        </EmptyState>
      </Card>
    );
  else if (isDesktop) content = <InventoryTable items={items.data} onOpen={setDetails} />;
  else content = <InventoryCards items={items.data} onOpen={setDetails} />;

  return (
    <Stack gap="md" maw={1100} w="100%" mx="auto">
      <Title order={2} fz="h3">
        Inventory of order #{orderId}
      </Title>
      {content}
      <DetailsModal item={details} onClose={() => setDetails(null)} />
      <Group>
        <Button component={Link} to={`/order-history/view/${orderId}`} variant="default">
          Back to the order
        </Button>
      </Group>
    </Stack>
  );
}
