// The bar's stylesheet: Mantine's styles are loaded a component at a time (app/mantine-styles.ts).
import '@mantine/core/styles/Progress.css';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import {
  addDays,
  defaultNextPriceChange,
  describeGuideImportProgress,
  DISTRIBUTOR_MESSAGES,
  GUIDE_UPLOAD_MAX_BYTES,
  hasGuideExtension,
} from '@stockpot/domain';
import { useLocationToday } from '../../../lib/use-location-today';
import { useAllowedChildren } from '../api/use-distributors';
import { UPLOAD_GUIDE_ANCHOR } from '../paths';
import { ColumnMappingPanel } from './column-mapping-panel';
import { GuidePreviewPanel } from './guide-preview-panel';
import { useGuideUploadFlow } from './use-guide-upload-flow';

/**
 * Upload order guide (doc 3 §2.7, §5, §8): locations (allowed children, all selected), Order Guide
 * Date from today, Next Price Change defaulting to 7 days later, a .xlsx/.xls/.csv file; the template
 * check first, then the upload and its progress; success goes back to /distributor after 2 s.
 */
export function UploadGuideForm({ distributorId }: { distributorId: number }) {
  const today = useLocationToday();
  const children = useAllowedChildren(distributorId);
  const flow = useGuideUploadFlow(distributorId);
  const [selected, setSelected] = useState<number[] | null>(null);
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(defaultNextPriceChange(today));
  const [isEndTouched, setIsEndTouched] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();

  const locations = children.data ?? [];
  const chosen = selected ?? locations.map((location) => location.id);

  // "Upload Order Guide" of the distributor list (issue 31) opens this page at the form.
  useEffect(() => {
    if (hash !== `#${UPLOAD_GUIDE_ANCHOR}` || !root.current) return;
    root.current.scrollIntoView({ block: 'start' });
    // The file picker is the step the buyer came for (Mantine's FileInput is a button).
    root.current.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
  }, [hash]);

  const startErrors = startDate < today ? 'The Order Guide Date cannot be before today.' : null;
  const endErrors = endDate < startDate ? 'The Next Price Change cannot be before the Order Guide Date.' : null;

  const pickFile = (next: File | null) => {
    setFileError(null);
    if (next && !hasGuideExtension(next.name)) {
      setFileError(DISTRIBUTOR_MESSAGES.fileType);
      setFile(null);
      return;
    }
    if (next && next.size > GUIDE_UPLOAD_MAX_BYTES) {
      setFileError(DISTRIBUTOR_MESSAGES.fileSize);
      setFile(null);
      return;
    }
    setFile(next);
  };

  const isValid = file !== null && chosen.length > 0 && !startErrors && !endErrors;
  const status = flow.status;
  const progress = status ? describeGuideImportProgress(status) : null;
  const isBusy = flow.isBusy;

  return (
    <Stack
      gap="sm"
      component="form"
      ref={root}
      id={UPLOAD_GUIDE_ANCHOR}
      style={{ scrollMarginTop: 80 }}
      aria-label="Upload order guide"
      onSubmit={(event) => {
        event.preventDefault();
        if (file) void flow.submit({ distributorId, merchantIds: chosen, startDate, endDate, file });
      }}
    >
      <Text fw={600} id="upload-locations">
        Locations
      </Text>
      {children.isError ? (
        <Alert color="red" variant="light">
          Your locations could not be loaded.
        </Alert>
      ) : (
        <Group gap="md" role="group" aria-labelledby="upload-locations">
          {locations.map((location) => (
            <Checkbox
              key={location.id}
              label={location.nickname}
              checked={chosen.includes(location.id)}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setSelected(checked ? [...chosen, location.id] : chosen.filter((id) => id !== location.id));
              }}
            />
          ))}
        </Group>
      )}
      {locations.length > 0 && chosen.length === 0 && (
        <Text c="red" fz="sm">
          Choose at least one location.
        </Text>
      )}
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label="Order Guide Date"
          type="date"
          required
          min={today}
          value={startDate}
          error={startErrors}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setStartDate(value);
            if (!isEndTouched && value) setEndDate(addDays(value, 7));
          }}
        />
        <TextInput
          label="Next Price Change"
          type="date"
          required
          min={startDate}
          value={endDate}
          error={endErrors}
          onChange={(event) => {
            setIsEndTouched(true);
            setEndDate(event.currentTarget.value);
          }}
        />
      </Group>
      <FileInput
        label="Order guide file"
        description=".xlsx, .xls or .csv"
        accept=".xlsx,.xls,.csv"
        required
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the file' }}
        value={file}
        onChange={pickFile}
        error={fileError}
        maw={420}
      />
      {status && progress && (
        <Stack gap={4}>
          <Text fz="sm" aria-live="polite">
            {status.message}
          </Text>
          {/* Its name carries the rows ("Order guide import: 12,000 of 50,002 rows read"), not only a percentage. */}
          <Progress
            size="lg"
            value={Math.max(progress.percent, status.status === 'processing' ? 2 : 0)}
            animated={status.status === 'processing' || status.status === 'queued'}
            aria-label={`Order guide import: ${progress.label}`}
          />
          <Text fz="xs" c="dimmed">
            {progress.label}
          </Text>
        </Stack>
      )}
      {flow.mappingFile && (
        <ColumnMappingPanel
          distributorId={distributorId}
          file={flow.mappingFile}
          onSaved={flow.uploadAfterMapping}
          onClose={flow.closeMapping}
        />
      )}
      {flow.review && (
        <GuidePreviewPanel
          upload={flow.review}
          isBusy={isBusy}
          onApply={() => void flow.apply()}
          onCancel={() => void flow.cancel()}
          onDownloadRefused={flow.downloadRefused}
        />
      )}
      {flow.notice && (
        <Text fz="sm" role="status">
          {flow.notice}
        </Text>
      )}
      <Group>
        <Button
          type="submit"
          leftSection={<IconUpload size={18} aria-hidden />}
          disabled={!isValid || isBusy || flow.review !== null}
          loading={isBusy && flow.review === null}
        >
          Upload Order Guide
        </Button>
      </Group>
    </Stack>
  );
}
