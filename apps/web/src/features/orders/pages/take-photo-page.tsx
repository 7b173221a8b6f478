import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { useUploadInvoices } from '../api/order-history-api';
import { useRouteOrderId } from '../components/order-header';

/** The camera of doc 3 §2.5: rear camera preferred, ideal 1280×720, at least 1024×576, at most 1920×1080. */
export const INVOICE_CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: {
    facingMode: { ideal: 'environment' },
    width: { min: 1024, ideal: 1280, max: 1920 },
    height: { min: 576, ideal: 720, max: 1080 },
  },
};

interface Snap {
  blob: Blob;
  url: string;
  name: string;
}

/** /order-history/upload-invoice/{id}/take-photo: several snaps saved as PNG, uploaded one after another. */
export function TakePhotoPage() {
  const orderId = useRouteOrderId();
  usePageTitle('Take Photo');
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [cameraState, setCameraState] = useState<'starting' | 'ready' | 'failed'>(() =>
    typeof navigator.mediaDevices?.getUserMedia === 'function' ? 'starting' : 'failed',
  );
  const [snaps, setSnaps] = useState<Snap[]>([]);
  const upload = useUploadInvoices(orderId);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let isCancelled = false;
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') return;
    navigator.mediaDevices
      .getUserMedia(INVOICE_CAMERA_CONSTRAINTS)
      .then((s) => {
        if (isCancelled) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        if (videoRef.current) {
          videoRef.current.srcObject = s;
          void videoRef.current.play().catch(() => undefined);
        }
        setCameraState('ready');
      })
      .catch(() => !isCancelled && setCameraState('failed'));
    return () => {
      isCancelled = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  useEffect(() => () => snaps.forEach((s) => URL.revokeObjectURL(s.url)), [snaps]);

  if (Number.isNaN(orderId)) return <Navigate to="/order-history" replace />;

  const snap = () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    canvas.toBlob((blob) => {
      if (!blob) return;
      setSnaps((all) => [...all, { blob, url: URL.createObjectURL(blob), name: `invoice-${orderId}-${all.length + 1}.png` }]);
    }, 'image/png');
  };

  const send = () =>
    upload.mutate(
      snaps.map((s) => ({ blob: s.blob, name: s.name })),
      { onSuccess: () => void navigate(`/order-history/upload-invoice/${orderId}`) },
    );

  return (
    <Stack gap="md" maw={720} w="100%" mx="auto">
      <Text fw={600}>Lay invoice flat and please make sure image is legible</Text>
      {cameraState === 'failed' ? (
        <Alert color="orange" title="The camera could not be opened">
          Allow this site to use the camera, or upload a photo from your library instead.
        </Alert>
      ) : (
        <Card withBorder radius="md" padding={0}>
          <video ref={videoRef} playsInline muted aria-label="Camera preview" style={{ width: '100%', display: 'block' }} />
        </Card>
      )}
      <Group justify="space-between">
        <Button component={Link} to={`/order-history/upload-invoice/${orderId}`} variant="default">
          Back
        </Button>
        <Group gap="xs">
          <Button
            leftSection={<IconCamera size={16} aria-hidden />}
            onClick={snap}
            disabled={cameraState !== 'ready'}
            variant="light"
          >
            Snap
          </Button>
          <Button onClick={send} disabled={snaps.length === 0} loading={upload.isPending}>
            Upload
          </Button>
        </Group>
      </Group>
      {upload.isError && (
        <Text c="red.8" size="sm" role="alert">
          {isApiError(upload.error) ? upload.error.message : 'The photos could not be uploaded. Please try again.'}
        </Text>
      )}
      {snaps.length > 0 && (
        <SimpleGrid component="ul" cols={{ base: 3, sm: 4 }} p={0} m={0} aria-label="Snaps" style={{ listStyle: 'none' }}>
          {snaps.map((s, index) => (
            <Card component="li" key={s.url} withBorder padding={4}>
              <Image src={s.url} alt={`Snap ${index + 1}`} h={90} fit="cover" />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={`Remove snap ${index + 1}`}
                onClick={() => setSnaps((all) => all.filter((x) => x !== s))}
              >
                <IconTrash size={14} aria-hidden />
              </ActionIcon>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
