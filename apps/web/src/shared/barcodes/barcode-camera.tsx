import { useEffect, useRef, useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { parseGtin } from '@stockpot/domain';

/**
 * The spec's camera constraints (issue 40): the rear camera of a phone, ideally 1280×720 (enough
 * for a case label's ITF-14 at arm's length without the cost of a full-resolution stream).
 */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
};

/** The errors after which zxing's scan loop tries the next frame (no code seen, or a misread one). */
function isRetriedScanError(zxing: typeof import('@zxing/library'), error: Error): boolean {
  return (
    error instanceof zxing.NotFoundException || error instanceof zxing.ChecksumException || error instanceof zxing.FormatException
  );
}

/**
 * A live camera preview that reads UPC-A, EAN-13 and ITF-14 barcodes and hands over the first one
 * whose check digit is right. @zxing/browser is imported only when the camera opens, so the
 * decoder never weighs on the first route.
 */
export function BarcodeCamera({ onScan, onUnavailable }: { onScan: (digits: string) => void; onUnavailable: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  useEffect(() => {
    let isStopped = false;
    let stop: (() => void) | null = null;
    (async () => {
      const [{ BrowserMultiFormatReader }, zxing] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
      const { BarcodeFormat, DecodeHintType } = zxing;
      const hints = new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.UPC_A, BarcodeFormat.EAN_13, BarcodeFormat.ITF]]]);
      const reader = new BrowserMultiFormatReader(hints);
      if (isStopped || !videoRef.current) return;
      // The first frame is decoded before decodeFromConstraints returns its controls, so a label
      // already in view is stopped through the controls the callback is handed, never the awaited ones.
      const controls = await reader.decodeFromConstraints(CAMERA_CONSTRAINTS, videoRef.current, (result, error, scan) => {
        if (error && !isRetriedScanError(zxing, error)) {
          // zxing has given up and emptied the preview: say so rather than show a black picture.
          setFailure('The camera stopped reading barcodes. Type the digits instead.');
          return;
        }
        // A misread of a damaged label fails its check digit: wait for a clean read instead.
        const text = result?.getText();
        if (!text || !parseGtin(text).ok) return;
        scan.stop();
        onScanRef.current(text);
      });
      stop = () => controls.stop();
      if (isStopped) stop();
    })().catch(() => {
      if (isStopped) return;
      setFailure('The camera could not be opened (no camera, or it was not allowed). Type the digits instead.');
      onUnavailable();
    });
    return () => {
      isStopped = true;
      stop?.();
    };
  }, [onUnavailable]);

  if (failure) {
    return (
      <Alert color="yellow" role="alert">
        {failure}
      </Alert>
    );
  }
  return (
    <Stack gap={4}>
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Camera preview"
        style={{ width: '100%', maxHeight: 260, objectFit: 'cover', borderRadius: 8, background: '#000' }}
      />
      <Text fz="xs" c="dimmed">
        Hold the barcode inside the picture; it is read by itself.
      </Text>
    </Stack>
  );
}
