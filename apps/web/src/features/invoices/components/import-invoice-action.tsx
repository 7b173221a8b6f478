import { useState } from 'react';
import { Button, FileInput, Modal, Select, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { INVOICE_BATCH_FROM_FILES, INVOICE_IMPORT_ACCEPT, INVOICE_IMPORT_MAX_BYTES } from '@stockpot/domain';
import { useDistributors } from '../../../shared/ordering-options/use-ordering-options';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useImportInvoices } from '../api/import-invoice';
import { useInvoiceBatchUpload } from '../api/import-invoice-batch';
import { InvoiceBatchProgress } from './invoice-batch-progress';
import { InvoiceImportResult } from './invoice-import-result';

/**
 * 'Import invoice' on /order-history (issue 36): electronic invoices (X12 810) and invoice files
 * (CSV, xlsx), one or several, each matched to an order and received as invoiced; a result per file.
 * From INVOICE_BATCH_FROM_FILES files on, they go as a batch: each imported by its own job on the
 * server, with progress here, and the page stays usable meanwhile (the dialog may be closed).
 */
export function ImportInvoiceAction() {
  const [isOpen, setIsOpen] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [distributorId, setDistributorId] = useState<string | null>(null);
  const distributors = useDistributors();
  const importing = useImportInvoices();
  const batch = useInvoiceBatchUpload();
  const isBatch = files.length >= INVOICE_BATCH_FROM_FILES;
  const isDesktop = useIsDesktop();
  const tooLarge = files.filter((file) => file.size > INVOICE_IMPORT_MAX_BYTES);

  const close = () => {
    setIsOpen(false);
    // A batch still sending keeps its progress for when the dialog opens again.
    if (batch.state.isSending) return;
    setFiles([]);
    importing.reset();
    batch.reset();
  };
  const submit = () => {
    const distributor = distributorId === null ? null : Number(distributorId);
    if (isBatch) void batch.start(files, distributor);
    else importing.mutate({ files, distributorId: distributor });
  };

  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setIsOpen(true)}>
        Import invoice
      </Button>
      <Modal
        opened={isOpen}
        onClose={close}
        title="Import invoice"
        size="lg"
        fullScreen={!isDesktop}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Electronic invoices (X12 810) or invoice files (CSV, xlsx). Each is matched to one of your orders by its PO number,
            else by distributor and date, and the order is received as invoiced. {INVOICE_BATCH_FROM_FILES} files or more are
            imported in the background: you may close this and keep working.
          </Text>
          <FileInput
            label="Invoice files"
            placeholder="Choose one or several files"
            multiple
            clearable
            clearButtonProps={{ 'aria-label': 'Clear invoice files' }}
            accept={INVOICE_IMPORT_ACCEPT}
            value={files}
            onChange={(picked) => {
              setFiles(picked);
              importing.reset();
              if (!batch.state.isSending) batch.reset();
            }}
            error={tooLarge.length > 0 ? `${tooLarge.map((f) => f.name).join(', ')}: 24 MB at most.` : undefined}
          />
          <Select
            label="Distributor (for invoices without our PO number)"
            placeholder={distributors.isError ? 'Distributors could not be loaded' : 'Any'}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear distributor' }}
            data={(distributors.data ?? []).map((d) => ({ value: String(d.id), label: d.nickname }))}
            value={distributorId}
            onChange={setDistributorId}
          />
          <Button
            onClick={submit}
            loading={importing.isPending || batch.state.isSending}
            disabled={files.length === 0 || tooLarge.length > 0}
          >
            Import {files.length > 1 ? `${files.length} invoices` : 'invoice'}
          </Button>
          {batch.state.total > 0 && <InvoiceBatchProgress upload={batch.state} />}
          {importing.data && (
            <Stack gap="xs" aria-live="polite" aria-label="Import results">
              {importing.data.map((outcome, index) => (
                <InvoiceImportResult key={`${outcome.fileName}-${index}`} outcome={outcome} />
              ))}
            </Stack>
          )}
        </Stack>
      </Modal>
    </>
  );
}
