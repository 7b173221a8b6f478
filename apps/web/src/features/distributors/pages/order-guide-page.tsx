import { useState } from 'react';
import { Button, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { DISTRIBUTOR_MESSAGES, formatMoney, formatPriceUpdateTime, formatUnitPrice } from '@stockpot/domain';
import { api, getBlob } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { useLocationTimeZone } from '../../../lib/use-location-today';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { useDistributorAccount, useOrderGuideItems } from '../api/use-distributors';
import { getOrderGuidePath, getUploadGuidePath } from '../paths';
import { PriceChangesPanel } from '../components/price-changes-panel';

async function download(guideId: number | null) {
  if (guideId === null) {
    openMessageModal({ title: 'Alert', message: DISTRIBUTOR_MESSAGES.noOrderGuide });
    return;
  }
  try {
    const { url } = await api.get<{ url: string }>(`order-guides/${guideId}/download`);
    const blob = await getBlob(url);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `order-guide-${guideId}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  } catch (error) {
    openMessageModal({ title: 'Error!', message: error instanceof ApiError ? error.message : 'Something went wrong.' });
  }
}

/** /distributor/{id}/order-guide/{ogId}: the guide's items, 20 a page, with a download (doc 3 §2.7). */
export function OrderGuidePage({ distributorId, guideId }: { distributorId: number; guideId: number | null }) {
  const distributor = useDistributorAccount(distributorId);
  const latestId = distributor.data?.lastOrderGuide?.id ?? null;
  const [page, setPage] = useState(1);
  const timeZone = useLocationTimeZone();
  const items = useOrderGuideItems(guideId, page);
  usePageTitle(distributor.data ? `Order Guide: ${distributor.data.nickname}` : 'Order Guide');

  // /distributor/{id}/order-guide/ opens the latest guide.
  if (guideId === null && latestId !== null) return <Navigate to={getOrderGuidePath(distributorId, latestId)} replace />;

  let content;
  if (guideId === null && distributor.isSuccess)
    // Issue 31: not a dead end — the spec's text, then the way to a first guide.
    content = (
      <Stack gap="sm" align="flex-start">
        <Text>{DISTRIBUTOR_MESSAGES.noOrderGuide}</Text>
        <Button component={Link} to={getUploadGuidePath(distributorId)} leftSection={<IconUpload size={18} aria-hidden />}>
          Upload Order Guide
        </Button>
      </Stack>
    );
  else if (items.isError || distributor.isError)
    content =
      items.error instanceof ApiError && items.error.status === 404 ? (
        <Text>{DISTRIBUTOR_MESSAGES.noOrderGuide}</Text>
      ) : (
        <LoadFailed title="The order guide could not be loaded" onRetry={() => void items.refetch()} />
      );
  else if (!items.data) content = <Skeleton height={400} aria-label="Loading order guide" />;
  else if (items.data.data.length === 0) content = <Text>{DISTRIBUTOR_MESSAGES.noItems}</Text>;
  else
    content = (
      <>
        {/* A focusable scroll box, so keyboard users can scroll the wide table on a phone. */}
        <div tabIndex={0} role="region" aria-label="Order guide items, scrollable" style={{ overflowX: 'auto' }}>
          <Table striped highlightOnHover aria-label="Order guide items" miw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>DIN</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th>Brand</Table.Th>
                <Table.Th>Pack</Table.Th>
                <Table.Th>Unit</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Unit price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.data.data.map((item) => (
                <Table.Tr key={item.din}>
                  <Table.Td>{item.din}</Table.Td>
                  <Table.Td>
                    {item.name}
                    {item.is_catch_weight === 1 ? ' (catch weight)' : ''}
                  </Table.Td>
                  <Table.Td>{item.brand}</Table.Td>
                  <Table.Td>{item.pack_size}</Table.Td>
                  <Table.Td>{item.unit_measure}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.price)}</Table.Td>
                  <Table.Td ta="right">{formatUnitPrice(item.unit_price)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        {items.data.meta.pageCount > 1 && (
          <Pagination
            total={items.data.meta.pageCount}
            value={page}
            onChange={setPage}
            aria-label="Order guide pages"
            getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
            getItemProps={(pageNumber) => ({ 'aria-label': `Page ${pageNumber}` })}
          />
        )}
      </>
    );

  const guide = distributor.data?.lastOrderGuide;
  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Group justify="space-between">
        <Text c="dimmed">
          {guide && guide.id === guideId
            ? `Last price update ${formatPriceUpdateTime(guide.create_time, timeZone)} · ${guide.item_count} items`
            : ''}
        </Text>
        <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} onClick={() => void download(guideId)}>
          Download
        </Button>
      </Group>
      {guideId !== null && items.isSuccess && <PriceChangesPanel guideId={guideId} />}
      {content}
    </Stack>
  );
}
