import { useState } from 'react';
import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import type { OrderSummary } from '@stockpot/domain';
import { getAuthKey } from '../../../lib/session-store';
import { useOrderDocuments } from '../api/use-order-documents';

const PO_STATUS_TEXT: Record<NonNullable<OrderSummary['poStatus']>, string> = {
  queued: 'The purchase order e-mail to your sales rep is on its way.',
  sent: 'The purchase order was e-mailed to your sales rep.',
  failed: 'The purchase order e-mail to your sales rep could not be sent. Please send the files to your rep yourself.',
};

/** The purchase order files are authenticated API paths: fetched with the bearer header, then saved. */
async function downloadFile(url: string, filename: string): Promise<void> {
  const authKey = getAuthKey();
  const response = await fetch(url, { headers: authKey ? { Authorization: `Bearer ${authKey}` } : {} });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/**
 * A placed order's purchase order (issue 13 "Order submission"): "being prepared" while its job
 * makes the files, then the PDF and Excel links; and where the e-mail to the rep stands.
 */
export function PurchaseOrderDocuments({ placed }: { placed: OrderSummary }) {
  const { data: order } = useOrderDocuments(placed);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = (url: string, filename: string) => {
    setDownloadError(null);
    downloadFile(url, filename).catch(() => setDownloadError('The file could not be downloaded. Please try again.'));
  };

  let files;
  if (order.documentsStatus === 'pending') {
    files = (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm">Preparing the purchase order…</Text>
      </Group>
    );
  } else if (order.documentsStatus === 'failed' || !order.purchaseOrderUrl || !order.purchaseOrderUrlExcel) {
    files = (
      <Text size="sm" c="red.8">
        The purchase order files could not be prepared yet. They will be listed with the order in your order history.
      </Text>
    );
  } else {
    const { purchaseOrderUrl, purchaseOrderUrlExcel } = order;
    files = (
      <Group gap="md">
        <Text size="sm">Purchase order:</Text>
        <Anchor component="button" type="button" size="sm" onClick={() => download(purchaseOrderUrl, `PO-${order.id}.pdf`)}>
          PDF
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={() => download(purchaseOrderUrlExcel, `PO-${order.id}.xlsx`)}>
          Excel
        </Anchor>
      </Group>
    );
  }

  return (
    <Stack gap={4} aria-live="polite">
      {files}
      {order.poStatus && (
        <Text size="sm" c={order.poStatus === 'failed' ? 'red.8' : 'dimmed'}>
          {PO_STATUS_TEXT[order.poStatus]}
        </Text>
      )}
      {downloadError && (
        <Text size="sm" c="red.8" role="alert">
          {downloadError}
        </Text>
      )}
    </Stack>
  );
}
