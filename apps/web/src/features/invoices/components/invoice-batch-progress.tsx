import { Alert, Card, Group, List, Progress, Stack, Text } from '@mantine/core';
import { getInvoiceBatchPercent } from '@stockpot/domain';
import { useInvoiceBatch, type BatchUpload } from '../api/import-invoice-batch';

/**
 * The progress of several hundred invoices imported at once (issue 36): the files sent, then the
 * server's jobs importing them, and at the end which files need a person (refused or failed).
 */
export function InvoiceBatchProgress({ upload }: { upload: BatchUpload }) {
  const batch = useInvoiceBatch(upload.batchId, upload.isSending);
  if (upload.error)
    return (
      <Alert color="red" role="alert" title="The import could not start">
        {upload.error}
      </Alert>
    );
  const sentPercent = upload.total === 0 ? 0 : Math.floor((upload.sent * 100) / upload.total);
  const data = batch.data;
  const importedPercent = data ? getInvoiceBatchPercent(data) : 0;
  const failed = data?.files.filter((file) => file.status === 'failed') ?? [];
  // Imported, but matched to no order (ordered by phone, say): kept on the waiting list, not an error.
  const withoutOrder =
    data?.files.filter((file) => file.status !== 'failed' && file.status !== 'queued' && file.orderId === null) ?? [];
  const isFinished = !upload.isSending && data?.isDone === true;
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label="Import progress">
      <Stack gap="xs">
        <div>
          <Group justify="space-between" gap="xs">
            <Text size="sm" id="invoice-batch-sent">
              Sent {upload.sent} of {upload.total} files
            </Text>
            {upload.refused.length > 0 && (
              <Text size="sm" c="red.8">
                {upload.refused.length} refused
              </Text>
            )}
          </Group>
          <Progress value={sentPercent} aria-labelledby="invoice-batch-sent" size="sm" />
        </div>
        <div>
          <Text size="sm" id="invoice-batch-imported" aria-live="polite">
            {data
              ? `Imported ${data.total - data.queued} of ${data.total}: ${data.imported} new, ${data.alreadyImported} already imported, ${data.failed} failed`
              : 'Waiting for the first file…'}
          </Text>
          <Progress value={importedPercent} aria-labelledby="invoice-batch-imported" size="sm" color="teal" />
        </div>
        {batch.isError && (
          <Text size="sm" c="red.8" role="alert">
            The progress could not be loaded; the import goes on. Close this and look at the order history in a moment.
          </Text>
        )}
        {isFinished && (
          <Text size="sm" fw={600} role="status">
            Done. {failed.length + upload.refused.length === 0 ? 'Every invoice was imported.' : 'These files need you:'}
          </Text>
        )}
        {withoutOrder.length > 0 && (
          <Text size="sm">
            {withoutOrder.length === 1 ? '1 invoice' : `${withoutOrder.length} invoices`} with no matching order: kept on the
            waiting list ({withoutOrder.map((file) => file.invoiceNumber ?? file.fileName).join(', ')}).
          </Text>
        )}
        {(upload.refused.length > 0 || failed.length > 0) && (
          <List size="sm" spacing={4} aria-label="Files not imported">
            {[
              ...upload.refused,
              ...failed.map((file) => ({ fileName: file.fileName, error: file.error ?? 'Not imported.' })),
            ].map((file, index) => (
              <List.Item key={`${file.fileName}-${index}`} style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600} size="sm">
                  {file.fileName}
                </Text>
                : {file.error}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
