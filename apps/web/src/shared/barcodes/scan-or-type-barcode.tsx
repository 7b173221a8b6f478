import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconBarcode, IconCamera } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { parseGtin, type BarcodeItem } from '@stockpot/domain';
import { isApiError } from '../../lib/api-error';
import { canUseCamera } from './barcode-camera-support';
import { findBarcodeItem } from './barcodes-api';
import { LinkBarcodeForm } from './link-barcode-form';

// The camera and its decoder load when the buyer first asks for them (issue 40: not on the first route).
const BarcodeCamera = lazy(() => import('./barcode-camera').then((m) => ({ default: m.BarcodeCamera })));

export interface ScanOrTypeBarcodeProps {
  /** What the host does with the item found: narrow its list to it, focus its count. */
  onFound: (item: BarcodeItem) => void;
}

/**
 * "Scan or type barcode" (issue 40): the phone's rear camera where the browser allows one, and the
 * same search from typed digits everywhere. The check digit is verified before any request; a code
 * the location has not linked yet offers to link it to an item.
 */
export function ScanOrTypeBarcode({ onFound }: ScanOrTypeBarcodeProps) {
  const [digits, setDigits] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [isCameraOpen, setIsCameraOpen] = useState(false);
  const [isCameraRefused, setIsCameraRefused] = useState(false);
  const [found, setFound] = useState<BarcodeItem | null>(null);
  const [unlinked, setUnlinked] = useState<string | null>(null);

  const show = (item: BarcodeItem) => {
    setFound(item);
    setUnlinked(null);
    onFound(item);
  };
  const lookup = useMutation({
    mutationFn: findBarcodeItem,
    onSuccess: show,
    onError: (error, code) => {
      if (isApiError(error) && error.status === 404) setUnlinked(code);
    },
  });

  const find = (text: string) => {
    const result = parseGtin(text);
    setFound(null);
    setUnlinked(null);
    if (!result.ok) {
      setInputError(result.message);
      return;
    }
    setInputError(null);
    lookup.mutate(result.gtin.digits);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    find(digits);
  };
  const onScan = (text: string) => {
    setIsCameraOpen(false);
    setDigits(text);
    find(text);
  };
  const onCameraUnavailable = useCallback(() => setIsCameraRefused(true), []);
  const hasCamera = canUseCamera() && !isCameraRefused;

  return (
    <Stack gap="xs" maw={520} w="100%">
      <form onSubmit={submit} noValidate>
        <Group gap="xs" align="end" wrap="wrap">
          <TextInput
            label="Scan or type barcode"
            description="UPC, EAN or case code (12, 13 or 14 digits)"
            inputMode="numeric"
            autoComplete="off"
            leftSection={<IconBarcode size={16} aria-hidden />}
            value={digits}
            // The message goes under the whole row (below), so the buttons stay level with the field.
            error={inputError !== null}
            aria-describedby={inputError ? 'barcode-input-error' : undefined}
            onChange={(e) => setDigits(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" loading={lookup.isPending}>
            Find
          </Button>
          {hasCamera && (
            <Button
              variant="default"
              leftSection={<IconCamera size={16} aria-hidden />}
              aria-pressed={isCameraOpen}
              onClick={() => setIsCameraOpen((open) => !open)}
            >
              {isCameraOpen ? 'Stop camera' : 'Scan'}
            </Button>
          )}
        </Group>
      </form>
      {inputError && (
        <Text id="barcode-input-error" fz="sm" c="red.8" role="alert">
          {inputError}
        </Text>
      )}
      {isCameraOpen && (
        <Suspense fallback={<Text fz="sm">Opening the camera…</Text>}>
          <BarcodeCamera onScan={onScan} onUnavailable={onCameraUnavailable} />
        </Suspense>
      )}
      <div role="status" aria-live="polite">
        {found && (
          <Text fz="sm">
            Found: <b>{found.description}</b> · {found.brand} · {found.packSize} · {found.distributor}
          </Text>
        )}
        {lookup.isError && !unlinked && (
          <Text fz="sm" c="red">
            {lookup.error.message}
          </Text>
        )}
      </div>
      {unlinked && <LinkBarcodeForm digits={unlinked} onLinked={show} />}
    </Stack>
  );
}
