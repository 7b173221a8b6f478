import { useState } from 'react';
import { Alert, Anchor, Button, CloseButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import {
  ACCOUNTING_MESSAGES,
  ACCOUNTING_UPLOAD_EXTENSIONS,
  ACCOUNTING_UPLOAD_MAX_BYTES,
  ACCOUNTING_UPLOAD_MIME_TYPES,
  checkAccountingUploadFile,
} from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { useBulkUpload } from '../api/use-bulk-upload';
import { downloadAccountingTemplate } from '../api/download-files';

/** The picker's accepted types: the spreadsheet MIME types and the extensions (doc 3 §5). */
const ACCEPT = Object.fromEntries(ACCOUNTING_UPLOAD_MIME_TYPES.map((type) => [type, [...ACCOUNTING_UPLOAD_EXTENSIONS]]));

/**
 * The Bulk Upload dialog (doc 3 §4 "Bulk upload (accounting)"): no file, then a chosen file (removable),
 * then valid (Save shown) or invalid (the error shown); the template download; the server's per-row report.
 */
export function BulkUploadDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const upload = useBulkUpload();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<{ field: string; message: string }[]>([]);
  const [isDone, setIsDone] = useState(false);
  const [templateError, setTemplateError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setError(null);
    setRowErrors([]);
    setIsDone(false);
    upload.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = (chosen: File) => {
    reset();
    setFile(chosen);
    setError(checkAccountingUploadFile({ name: chosen.name, size: chosen.size, type: chosen.type }));
  };
  const reject = (rejections: FileRejection[]) => {
    reset();
    const rejected = rejections[0];
    if (!rejected) return;
    setFile(rejected.file);
    const isTooBig = rejected.errors.some((e) => e.code === 'file-too-large') || rejected.file.size > ACCOUNTING_UPLOAD_MAX_BYTES;
    setError(isTooBig ? ACCOUNTING_MESSAGES.fileSize : ACCOUNTING_MESSAGES.fileType);
  };
  const save = async () => {
    if (!file || error) return;
    try {
      await upload.mutateAsync(file);
      setIsDone(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The file could not be uploaded. Please try again.');
      setRowErrors(isApiError(failure) ? failure.errors.filter((e) => e.field.startsWith('row ')) : []);
    }
  };
  const getTemplate = async () => {
    setTemplateError(null);
    try {
      await downloadAccountingTemplate();
    } catch {
      setTemplateError('The template could not be downloaded. Please try again.');
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Bulk Upload" size="lg">
      <Stack gap="md">
        <Text fz="sm">
          Tag many items at once: download the template (your items with their current supplier, category and GL code), fill in
          the columns and upload it. Blank cells leave a tag as it is; new names are created.
        </Text>
        <Group gap="xs">
          <Anchor component="button" type="button" fz="sm" onClick={() => void getTemplate()}>
            Download template
          </Anchor>
          {templateError && (
            <Text c="red" fz="sm" role="alert">
              {templateError}
            </Text>
          )}
        </Group>
        {isDone ? (
          <Alert color="green" role="status" title="Upload complete">
            {ACCOUNTING_MESSAGES.uploaded}
          </Alert>
        ) : file ? (
          <Group
            justify="space-between"
            wrap="nowrap"
            p="sm"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
          >
            <Group gap="xs" wrap="nowrap" miw={0}>
              <IconFileSpreadsheet size={22} aria-hidden />
              <Text fz="sm" truncate>
                {file.name}
              </Text>
            </Group>
            <CloseButton aria-label={`Remove ${file.name}`} onClick={reset} disabled={upload.isPending} />
          </Group>
        ) : (
          <Dropzone
            onDrop={(files) => files[0] && choose(files[0])}
            onReject={reject}
            maxSize={ACCOUNTING_UPLOAD_MAX_BYTES}
            accept={ACCEPT}
            multiple={false}
            aria-label="Choose a spreadsheet to upload"
          >
            <Group justify="center" gap="sm" mih={120} style={{ pointerEvents: 'none' }}>
              <IconUpload size={32} aria-hidden />
              <Stack gap={2}>
                <Text fw={600}>Drop your file here or click to choose it</Text>
                <Text fz="sm" c="dimmed">
                  csv, xls, xlsx or ods, up to 24 MB
                </Text>
              </Stack>
            </Group>
          </Dropzone>
        )}
        {error && (
          <Alert color="red" role="alert">
            <Text fz="sm">{error}</Text>
            {rowErrors.length > 1 && (
              <List size="sm" mt="xs" spacing={2} mah={160} style={{ overflowY: 'auto' }}>
                {rowErrors.map((e) => (
                  <List.Item key={e.field}>
                    {e.field.replace(/^row/, 'Row')}: {e.message}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {isDone ? 'Close' : 'Cancel'}
          </Button>
          {file && !error && !isDone && (
            <Button onClick={() => void save()} loading={upload.isPending}>
              Save
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
