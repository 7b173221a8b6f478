// The bar's stylesheet: Mantine's styles are loaded a component at a time (app/mantine-styles.ts).
import '@mantine/core/styles/Progress.css';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import {
  addDays,
  defaultNextPriceChange,
  describeGuideImportProgress,
  DISTRIBUTOR_MESSAGES,
  GUIDE_UPLOAD_DEBOUNCE_MS,
  GUIDE_UPLOAD_MAX_BYTES,
  GUIDE_UPLOAD_REDIRECT_MS,
  hasGuideExtension,
  type GuideUpload,
} from '@stockpot/domain';
import { ApiError } from '../../../lib/api-error';
import { useLocationToday } from '../../../lib/use-location-today';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import {
  checkForTemplate,
  requestTemplate,
  getUploadStatus,
  uploadOrderGuide,
  useAllowedChildren,
  useRefreshAfterUpload,
} from '../api/use-distributors';
import { DISTRIBUTOR_PATH } from '../paths';

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 ? error.message : fallback;

/**
 * Upload order guide (doc 3 §2.7, §5, §8): locations (allowed children, all selected), Order Guide
 * Date from today, Next Price Change defaulting to 7 days later, a .xlsx/.xls/.csv file; the template
 * check first, then the upload and its progress; success goes back to /distributor after 2 s.
 */
export function UploadGuideForm({ distributorId }: { distributorId: number }) {
  const today = useLocationToday();
  const children = useAllowedChildren(distributorId);
  const navigate = useNavigate();
  const refresh = useRefreshAfterUpload();
  const [selected, setSelected] = useState<number[] | null>(null);
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(defaultNextPriceChange(today));
  const [isEndTouched, setIsEndTouched] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [status, setStatus] = useState<GuideUpload | null>(null);
  const lastSubmit = useRef(0);
  const isGone = useRef(false);

  const locations = children.data ?? [];
  const chosen = selected ?? locations.map((location) => location.id);

  useEffect(
    () => () => {
      isGone.current = true;
    },
    [],
  );

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

  const upload = async () => {
    if (!file) return;
    try {
      let current = await uploadOrderGuide({ distributorId, merchantIds: chosen, startDate, endDate, file });
      setStatus(current);
      // The import runs in a job: its progress is polled every second until it settles.
      while (current.status === 'queued' || current.status === 'processing') {
        await new Promise((resolve) => window.setTimeout(resolve, 1000));
        if (isGone.current) return;
        current = await getUploadStatus(current.id);
        setStatus(current);
      }
      if (current.status === 'failed') {
        setIsBusy(false);
        openMessageModal({
          id: 'order-guide-upload',
          title: 'Error!',
          message: current.message || DISTRIBUTOR_MESSAGES.uploadFailure,
        });
        return;
      }
      void refresh();
      openMessageModal({ id: 'order-guide-upload', title: 'Confirmation', message: current.message });
      window.setTimeout(() => {
        if (!isGone.current) navigate(DISTRIBUTOR_PATH);
      }, GUIDE_UPLOAD_REDIRECT_MS);
    } catch (error) {
      setIsBusy(false);
      openMessageModal({
        id: 'order-guide-upload',
        title: 'Error!',
        message: serverMessage(error, DISTRIBUTOR_MESSAGES.uploadFailure),
      });
    }
  };

  const sendTemplateRequest = async (chosenFile: File) => {
    try {
      await requestTemplate(distributorId, chosen, chosenFile);
      openMessageModal({ title: 'Confirmation', message: DISTRIBUTOR_MESSAGES.templateRequestSuccess });
    } catch (error) {
      openMessageModal({ title: 'Error!', message: serverMessage(error, DISTRIBUTOR_MESSAGES.templateRequestFailure) });
    }
  };

  const submit = async () => {
    // doc 3 §9: one upload per 1500 ms, whatever the clicks.
    const now = Date.now();
    if (now - lastSubmit.current < GUIDE_UPLOAD_DEBOUNCE_MS || !file) return;
    lastSubmit.current = now;
    setIsBusy(true);
    try {
      const check = await checkForTemplate(distributorId, file);
      if (!check.found) {
        setIsBusy(false);
        openConfirmModal({
          title: 'Alert',
          message: `${DISTRIBUTOR_MESSAGES.templateNotFound}\n\n${DISTRIBUTOR_MESSAGES.templateNotFoundRequest}`,
          confirmLabel: 'Request Template',
          onConfirm: () => void sendTemplateRequest(file),
        });
        return;
      }
      await upload();
    } catch (error) {
      setIsBusy(false);
      openMessageModal({
        id: 'order-guide-upload',
        title: 'Error!',
        message: serverMessage(error, DISTRIBUTOR_MESSAGES.uploadFailure),
      });
    }
  };

  const isValid = file !== null && chosen.length > 0 && !startErrors && !endErrors;
  const progress = status ? describeGuideImportProgress(status) : null;

  return (
    <Stack
      gap="sm"
      component="form"
      aria-label="Upload order guide"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
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
      <Group>
        <Button type="submit" leftSection={<IconUpload size={18} aria-hidden />} disabled={!isValid || isBusy} loading={isBusy}>
          Upload Order Guide
        </Button>
      </Group>
    </Stack>
  );
}
