import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { quickbooksQuerySchema, type AccountingExportFormat } from '@stockpot/domain';
import { useLocationToday } from '../../../lib/use-location-today';
import { downloadQuickbooksBills } from '../api/download-files';

function monthStart(today: string): string {
  return `${today.slice(0, 8)}01`;
}

/**
 * The accounting-software download (doc 3 §2.8, §7 orders/download-order-quickbooks): the bills of a
 * date range as QuickBooks Desktop IIF or a QuickBooks Online CSV.
 */
export function DownloadDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const today = useLocationToday();
  const [startDate, setStartDate] = useState(() => monthStart(today));
  const [endDate, setEndDate] = useState(today);
  const [format, setFormat] = useState<AccountingExportFormat>('iif');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const download = async () => {
    const checked = quickbooksQuerySchema.safeParse({ startDate, endDate, format });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Choose a valid date range.');
    setError(null);
    setIsBusy(true);
    try {
      await downloadQuickbooksBills(startDate, endDate, format);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The file could not be downloaded. Please try again.');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Download for accounting software">
      <Stack gap="md">
        <Text fz="sm">The orders of the period as bills owed to each distributor, with the GL codes of their items.</Text>
        <Group grow>
          <TextInput
            type="date"
            label="Start date"
            value={startDate}
            onChange={(e) => setStartDate(e.currentTarget.value)}
            required
          />
          <TextInput type="date" label="End date" value={endDate} onChange={(e) => setEndDate(e.currentTarget.value)} required />
        </Group>
        <Radio.Group label="Format" value={format} onChange={(value) => setFormat(value as AccountingExportFormat)}>
          <Stack gap="xs" mt="xs">
            <Radio value="iif" label="QuickBooks Desktop (IIF)" />
            <Radio value="qbo" label="QuickBooks Online (CSV)" />
          </Stack>
        </Radio.Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void download()} loading={isBusy}>
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
