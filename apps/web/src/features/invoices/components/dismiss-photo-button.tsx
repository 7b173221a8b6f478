import { Button, Text } from '@mantine/core';
import { useDismissWaitingPhoto } from '../api/dismiss-waiting-photo';

/**
 * Takes a waiting photo off the list (issue 36): "not an invoice we expect an electronic copy for"
 * (a delivery note, a distributor without electronic invoices). The photo is kept; it only stops
 * waiting. One click, no confirmation: nothing is deleted.
 */
export function DismissPhotoButton({ imageId, fileName }: { imageId: number; fileName: string }) {
  const dismiss = useDismissWaitingPhoto();
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        color="gray"
        loading={dismiss.isPending}
        aria-label={`Dismiss ${fileName || 'this photo'}: not an invoice we expect an electronic copy for`}
        onClick={() => dismiss.mutate(imageId)}
      >
        Dismiss
      </Button>
      {dismiss.isError && (
        <Text size="xs" c="red.8" role="alert">
          {dismiss.error instanceof Error ? dismiss.error.message : 'The photo could not be dismissed.'}
        </Text>
      )}
    </>
  );
}
