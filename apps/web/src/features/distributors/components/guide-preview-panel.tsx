import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import { formatMoney, type GuideUpload } from '@stockpot/domain';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * What an upload read, before it is applied (issue 31): the counts, the first rows as item number,
 * name, pack size, price and unit, and the refused rows with their reasons (downloadable as csv).
 * A refused file offers no Apply: nothing of it can be applied.
 */
export function GuidePreviewPanel({
  upload,
  isBusy,
  onApply,
  onCancel,
  onDownloadRefused,
}: {
  upload: GuideUpload;
  isBusy: boolean;
  onApply: () => void;
  onCancel: () => void;
  onDownloadRefused: () => void;
}) {
  const preview = upload.preview;
  const isRefused = upload.status === 'refused';
  const counts = preview?.counts;
  return (
    <Stack gap="sm" component="section" aria-labelledby="guide-preview-title">
      <Title order={3} fz="h4" id="guide-preview-title">
        {isRefused ? 'Order guide refused' : 'Check the order guide before applying it'}
      </Title>
      <Alert color={isRefused ? 'red' : 'blue'} variant="light" role={isRefused ? 'alert' : 'status'}>
        {upload.message}
      </Alert>
      {counts && (
        <Group gap="lg" role="list" aria-label="What the file holds">
          {(
            [
              ['New', counts.new],
              ['Changed', counts.changed],
              ['Unchanged', counts.unchanged],
              ['Refused', upload.refusedCount],
              // A refused file changes nothing, so nothing would stop being listed.
              ...(isRefused ? [] : ([['No longer listed', counts.removed]] as const)),
            ] as const
          ).map(([label, value]) => (
            <Stack key={label} gap={0} role="listitem" aria-label={`${label}: ${count(value)}`}>
              <Text fz="xl" fw={700} c={label === 'Refused' && value > 0 ? 'red' : undefined}>
                {count(value)}
              </Text>
              <Text fz="xs" c="dimmed">
                {label}
              </Text>
            </Stack>
          ))}
        </Group>
      )}
      {counts && counts.removed > 0 && !isRefused && (
        <Text fz="sm" c="dimmed">
          Items no longer listed are marked out of stock when the guide is applied.
        </Text>
      )}
      {preview && preview.rows.length > 0 && (
        <div tabIndex={0} role="region" aria-label="First rows read, scrollable" style={{ overflowX: 'auto' }}>
          <Table striped aria-label="First rows read" miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Item #</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Pack size</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th>Unit</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td>{row.din}</Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{row.packSize}</Table.Td>
                  <Table.Td ta="right">
                    {row.priceCents !== null ? formatMoney(row.priceCents) : row.isMarketPrice ? 'Market price' : 'Current price'}
                  </Table.Td>
                  <Table.Td>{row.unitMeasure}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {upload.errors.length > 0 && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600} id="refused-rows-title">
              Refused rows
            </Text>
            <Button variant="default" size="xs" leftSection={<IconDownload size={16} aria-hidden />} onClick={onDownloadRefused}>
              Download refused rows (csv)
            </Button>
          </Group>
          <Table aria-labelledby="refused-rows-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {upload.errors.slice(0, 20).map((error) => (
                <Table.Tr key={error.row}>
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {upload.refusedCount > 20 && (
            <Text fz="sm" c="dimmed">
              {count(upload.refusedCount - 20)} more in the csv.
            </Text>
          )}
        </Stack>
      )}
      <Group>
        {!isRefused && (
          <Button leftSection={<IconCheck size={18} aria-hidden />} onClick={onApply} loading={isBusy} disabled={isBusy}>
            Apply Order Guide
          </Button>
        )}
        <Button variant="default" leftSection={<IconX size={18} aria-hidden />} onClick={onCancel} disabled={isBusy}>
          {isRefused ? 'Close' : 'Cancel'}
        </Button>
      </Group>
    </Stack>
  );
}
