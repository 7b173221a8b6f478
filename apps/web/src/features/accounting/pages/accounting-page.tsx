import { useCallback, useMemo, useState } from 'react';
import { Button, Center, Group, Loader, Skeleton, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch, IconUpload } from '@tabler/icons-react';
import { ACCOUNTING_EMPTY_TIPS, ACCOUNTING_MESSAGES, type AccountingItem } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { LoadFailed } from '../../../ui/load-failed';
import { useAccountingDistributors } from '../api/use-accounting-distributors';
import { useAccountingItems } from '../api/use-accounting-items';
import type { TagKind } from '../api/use-accounting-tags';
import { BulkUploadDialog } from '../components/bulk-upload-dialog';
import { DownloadDialog } from '../components/download-dialog';
import { PayableTermsCell } from '../components/payable-terms-cell';
import { TagCell } from '../components/tag-cell';

interface EditingCell {
  itemDistributorId: number;
  kind: TagKind;
}

function NoMatches() {
  return (
    <Stack gap={4} py="xl" align="center" role="status">
      <Text fw={600}>{ACCOUNTING_MESSAGES.empty}</Text>
      {ACCOUNTING_EMPTY_TIPS.map((tip) => (
        <Text key={tip} fz="sm" c="dimmed">
          {tip}
        </Text>
      ))}
    </Stack>
  );
}

function tagValue(item: AccountingItem, kind: TagKind) {
  if (kind === 'supplier')
    return item.accountingSupplier && { id: item.accountingSupplier.id, label: item.accountingSupplier.name };
  if (kind === 'category')
    return item.accountingCategory && { id: item.accountingCategory.id, label: item.accountingCategory.name };
  return item.accountingCode && { id: item.accountingCode.id, label: item.accountingCode.code };
}

function ItemsTab({ search }: { search: string }) {
  const query = useAccountingItems(search);
  const [editing, setEditing] = useState<EditingCell | null>(null);
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useLoadMoreOnScroll(query.hasNextPage, query.isFetching, loadMore, items.length);

  if (query.isPending)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading items">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  if (query.isError && items.length === 0)
    return <LoadFailed title="The items could not be loaded." onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <NoMatches />;

  return (
    <>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Accounting items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Distributor</Table.Th>
            <Table.Th w="20%">Supplier</Table.Th>
            <Table.Th w="18%">Category</Table.Th>
            <Table.Th w="18%">GL Code</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.itemDistributorId} data-testid={`accounting-item-${item.itemDistributorId}`}>
              <Table.Td>
                <Text fz="sm" fw={600}>
                  {item.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {[item.brand, item.packSize, `DIN ${item.din}`].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{item.distributor}</Text>
              </Table.Td>
              {(['supplier', 'category', 'gl-code'] as const).map((kind) => (
                <Table.Td key={kind}>
                  <TagCell
                    kind={kind}
                    itemName={item.name}
                    itemDistributorId={item.itemDistributorId}
                    accountingId={item.accountingId}
                    value={tagValue(item, kind)}
                    isEditing={editing?.itemDistributorId === item.itemDistributorId && editing.kind === kind}
                    onEdit={() => setEditing({ itemDistributorId: item.itemDistributorId, kind })}
                    onDone={() => setEditing(null)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {query.isFetchingNextPage && (
        <Center py="md">
          <Loader size="sm" aria-label="Loading more items" />
        </Center>
      )}
      {query.isError && items.length > 0 && (
        <LoadFailed title="More items could not be loaded." onRetry={() => void query.fetchNextPage()} />
      )}
    </>
  );
}

function DistributorsTab({ search }: { search: string }) {
  const query = useAccountingDistributors();
  if (query.isPending)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading distributors">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  if (query.isError) return <LoadFailed title="The distributors could not be loaded." onRetry={() => void query.refetch()} />;
  const needle = search.trim().toLowerCase();
  const rows = query.data.filter((d) => needle === '' || d.nickname.toLowerCase().includes(needle));
  if (rows.length === 0) return <NoMatches />;
  return (
    <Table striped verticalSpacing="xs" aria-label="Accounting distributors" maw={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Distributor</Table.Th>
          <Table.Th>Payable terms</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((distributor) => (
          <Table.Tr key={distributor.id}>
            <Table.Td>
              <Text fz="sm" fw={600}>
                {distributor.nickname}
              </Text>
            </Table.Td>
            <Table.Td>
              <PayableTermsCell distributor={distributor} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The accounting screen (doc 3 §2.8): search, Bulk Upload and Download, the Items and Distributors tabs. */
export function AccountingPage() {
  usePageTitle('Accounting');
  const [tab, setTab] = useState<string>('items');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  const [isDownloadOpen, setIsDownloadOpen] = useState(false);

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label="Search accounting"
          placeholder={tab === 'items' ? 'Search items, DINs, suppliers or GL codes' : 'Search distributors'}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={380}
          type="search"
        />
        <Group gap="sm">
          <Button variant="default" leftSection={<IconUpload size={18} aria-hidden />} onClick={() => setIsUploadOpen(true)}>
            Bulk Upload
          </Button>
          <Button leftSection={<IconDownload size={18} aria-hidden />} onClick={() => setIsDownloadOpen(true)}>
            Download
          </Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={(value) => setTab(value ?? 'items')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="items">Items</Tabs.Tab>
          <Tabs.Tab value="distributors">Distributors</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="items" pt="md">
          <ItemsTab search={search} />
        </Tabs.Panel>
        <Tabs.Panel value="distributors" pt="md">
          <DistributorsTab search={search} />
        </Tabs.Panel>
      </Tabs>
      <BulkUploadDialog opened={isUploadOpen} onClose={() => setIsUploadOpen(false)} />
      <DownloadDialog opened={isDownloadOpen} onClose={() => setIsDownloadOpen(false)} />
    </Stack>
  );
}
