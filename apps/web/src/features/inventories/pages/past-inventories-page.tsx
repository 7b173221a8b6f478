/**
 * /inventory-view/inventories (doc 2 §2, doc 3 §2.6): past inventories with start date, complete
 * date and total on hand value, View and Download, 12 to a page (doc 2 §9).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Group, Pagination, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { INVENTORIES_TEXTS, formatIsoDate, formatMoney, type PastInventory } from '@stockpot/domain';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { downloadInventory, usePastInventories } from '../api/inventories-api';

function DownloadButton({ inventory }: { inventory: PastInventory }) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="default"
      loading={isBusy}
      aria-label={`Download the inventory of ${formatIsoDate(inventory.start_date)}`}
      onClick={() => {
        setIsBusy(true);
        downloadInventory(inventory)
          .catch((error: unknown) =>
            openMessageModal({
              title: 'Download',
              message: (error as { status?: number }).status === 404 ? INVENTORIES_TEXTS.noInventory : "Something wen't wrong",
            }),
          )
          .finally(() => setIsBusy(false));
      }}
    >
      Download
    </Button>
  );
}

function ViewButton({ inventory }: { inventory: PastInventory }) {
  return (
    <Button
      size="xs"
      component={Link}
      to={`/inventory-view/inventories-detail?id=${inventory.id}`}
      aria-label={`View the inventory of ${formatIsoDate(inventory.start_date)}`}
    >
      View
    </Button>
  );
}

const completeDate = (inventory: PastInventory) =>
  inventory.completed_date ? formatIsoDate(inventory.completed_date) : 'Under way';

/** Phones get one card per inventory: the table's four columns would push View and Download off screen. */
function InventoryCards({ rows }: { rows: PastInventory[] }) {
  return (
    <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Past inventories">
      {rows.map((inventory) => (
        <Paper key={inventory.id} withBorder p="sm" component="li">
          <Group justify="space-between" align="start" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600}>Started {formatIsoDate(inventory.start_date)}</Text>
              <Text fz="sm" c="dimmed">
                {inventory.completed_date ? `Completed ${completeDate(inventory)}` : 'Under way'}
              </Text>
            </Stack>
            <Text fw={600}>{formatMoney(inventory.total_on_hand_value)}</Text>
          </Group>
          <Group gap="xs" mt="xs">
            <ViewButton inventory={inventory} />
            <DownloadButton inventory={inventory} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export function PastInventoriesPage() {
  const [page, setPage] = useState(1);
  const inventories = usePastInventories(page);
  const rows = inventories.data?.data ?? [];
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <Group justify="space-between" align="end">
        <Title order={1} fz="h2">
          Inventories
        </Title>
        <Button size="xs" variant="default" component={Link} to="/place-order/inventory">
          Back to inventory
        </Button>
      </Group>
      {inventories.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading inventories">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={36} />
          ))}
        </Stack>
      ) : inventories.isError ? (
        <LoadFailed title="The inventories could not be loaded." onRetry={() => void inventories.refetch()} />
      ) : rows.length === 0 ? (
        <Text>{INVENTORIES_TEXTS.noInventory}</Text>
      ) : (
        <>
          <InventoryCards rows={rows} />
          <Table.ScrollContainer minWidth={560} visibleFrom="sm">
            <Table striped highlightOnHover withTableBorder aria-label="Past inventories">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Start date</Table.Th>
                  <Table.Th>Complete date</Table.Th>
                  <Table.Th ta="right">Total on hand value</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((inventory) => (
                  <Table.Tr key={inventory.id}>
                    <Table.Td>{formatIsoDate(inventory.start_date)}</Table.Td>
                    <Table.Td>{completeDate(inventory)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(inventory.total_on_hand_value)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <ViewButton inventory={inventory} />
                        <DownloadButton inventory={inventory} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {(inventories.data?.meta.pageCount ?? 1) > 1 && (
            <Pagination
              value={page}
              onChange={setPage}
              total={inventories.data?.meta.pageCount ?? 1}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
