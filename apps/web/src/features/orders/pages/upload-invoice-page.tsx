import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Card, EmptyState, Group, Image, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCamera, IconFileTypePdf, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { INVOICE_FILE_ACCEPT, isAcceptableInvoiceFile, type InvoiceImage } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { openConfirmModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { fetchFile, useDeleteInvoice, useInvoiceImages, useUploadInvoices } from '../api/order-history-api';
import { InvoiceSuggestionsSlot } from '../components/invoice-suggestions-slot';
import { useRouteOrderId } from '../components/order-header';

/** An authenticated image as an object URL for <img>; null while loading or for PDFs. */
function useObjectUrl(image: InvoiceImage): string | null | 'failed' {
  const [url, setUrl] = useState<string | null | 'failed'>(null);
  useEffect(() => {
    if (image.contentType === 'application/pdf') return;
    let objectUrl: string | null = null;
    let isCancelled = false;
    fetchFile(image.image_path)
      .then((blob) => {
        if (isCancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => !isCancelled && setUrl('failed'));
    return () => {
      isCancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [image.image_path, image.contentType]);
  return url;
}

function InvoiceTile({ image, onOpen, onDelete }: { image: InvoiceImage; onOpen: (url: string) => void; onDelete: () => void }) {
  const url = useObjectUrl(image);
  const isPdf = image.contentType === 'application/pdf';
  return (
    <Card component="li" withBorder radius="md" padding="xs">
      <Card.Section>
        {isPdf ? (
          <Group h={140} justify="center" bg="gray.0">
            <IconFileTypePdf size={48} aria-hidden />
          </Group>
        ) : url === null ? (
          <Skeleton h={140} />
        ) : url === 'failed' ? (
          <Group h={140} justify="center" bg="gray.0">
            <Text size="sm" c="dimmed">
              Could not load
            </Text>
          </Group>
        ) : (
          <button
            type="button"
            onClick={() => onOpen(url)}
            aria-label={`Enlarge ${image.fileName}`}
            style={{ all: 'unset', cursor: 'zoom-in', display: 'block', width: '100%' }}
          >
            {/* An invoice is read from its top left (distributor, number, date): the thumbnail keeps that corner. */}
            <Image src={url} alt={`Invoice ${image.fileName}`} h={140} fit="cover" style={{ objectPosition: 'left top' }} />
          </button>
        )}
      </Card.Section>
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <Text size="xs" truncate title={image.fileName}>
          {image.fileName}
        </Text>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${image.fileName}`} onClick={onDelete}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Card>
  );
}

/** /order-history/upload-invoice/{id}: the order's invoice photos and files (doc 3 §2.5). */
export function UploadInvoicePage() {
  const orderId = useRouteOrderId();
  usePageTitle('Invoices');
  const images = useInvoiceImages(orderId);
  const upload = useUploadInvoices(orderId);
  const remove = useDeleteInvoice(orderId);
  const inputRef = useRef<HTMLInputElement>(null);
  const [enlarged, setEnlarged] = useState<string | null>(null);
  if (Number.isNaN(orderId)) return <Navigate to="/order-history" replace />;

  const onFiles = (list: FileList | null) => {
    // Files of another type or too big are silently left out (doc 3 §5); the server checks the content again.
    const files = Array.from(list ?? []).filter(isAcceptableInvoiceFile);
    if (inputRef.current) inputRef.current.value = '';
    if (files.length > 0) upload.mutate(files.map((file) => ({ blob: file, name: file.name })));
  };

  const confirmDelete = (image: InvoiceImage) =>
    openConfirmModal({
      id: 'delete-invoice',
      title: 'Delete invoice',
      message: `Delete ${image.fileName}?`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      onConfirm: () => remove.mutate(image.id),
    });

  let content;
  if (images.isPending)
    content = (
      <SimpleGrid cols={{ base: 2, sm: 4 }} role="status" aria-label="Loading invoices">
        {[0, 1].map((i) => (
          <Skeleton key={i} h={180} radius="md" />
        ))}
      </SimpleGrid>
    );
  else if (images.isError)
    content = <LoadFailed title="The invoices could not be loaded" onRetry={() => void images.refetch()} />;
  else if (images.data.length === 0)
    content = (
      <Card withBorder radius="lg" padding="xl">
        <EmptyState variant="light">
          <EmptyState.Indicator>
            <IconPhoto size={28} aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>No invoices yet</EmptyState.Title>
          <EmptyState.Description>Upload a photo or PDF of the delivery's invoice.</EmptyState.Description>
        </EmptyState>
      </Card>
    );
  else
    content = (
      <SimpleGrid component="ul" cols={{ base: 2, sm: 4 }} p={0} m={0} aria-label="Invoice images" style={{ listStyle: 'none' }}>
        {images.data.map((image) => (
          <InvoiceTile key={image.id} image={image} onOpen={setEnlarged} onDelete={() => confirmDelete(image)} />
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="md" maw={960} w="100%" mx="auto">
      <Group justify="space-between">
        <Text c="dimmed">Invoices of order #{orderId}</Text>
        <Group gap="xs">
          <input
            ref={inputRef}
            id="invoice-file-input"
            type="file"
            accept={INVOICE_FILE_ACCEPT}
            multiple
            hidden
            aria-label="Invoice files"
            onChange={(e) => onFiles(e.currentTarget.files)}
          />
          <Button
            component={Link}
            to={`/order-history/upload-invoice/${orderId}/take-photo`}
            variant="light"
            leftSection={<IconCamera size={16} aria-hidden />}
          >
            Take Photo
          </Button>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => inputRef.current?.click()}
            loading={upload.isPending}
          >
            Upload from library
          </Button>
        </Group>
      </Group>
      {upload.isError && (
        <Text c="red.8" size="sm" role="alert">
          {isApiError(upload.error) ? upload.error.message : 'The file could not be uploaded. Please try again.'}
        </Text>
      )}
      {remove.isError && (
        <Text c="red.8" size="sm" role="alert">
          The invoice could not be deleted. Please try again.
        </Text>
      )}
      {content}
      {images.data && images.data.length > 0 && <InvoiceSuggestionsSlot orderId={orderId} />}
      <Group>
        <Button component={Link} to={`/order-history/view/${orderId}`} variant="default">
          Back to the order
        </Button>
      </Group>
      <Modal opened={enlarged !== null} onClose={() => setEnlarged(null)} title="Invoice" size="xl" centered>
        {enlarged && <Image src={enlarged} alt="Invoice enlarged" fit="contain" />}
      </Modal>
    </Stack>
  );
}
