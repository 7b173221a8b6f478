import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * The one failed-load state of the app: says plainly what could not be loaded and offers to try
 * again in place (a failed load is only logged by the spec, doc 1 §8; the page stays usable).
 */
export function LoadFailed({ title, description, onRetry }: { title: string; description?: string; onRetry: () => void }) {
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={title}>
      {description && <Text fz="sm">{description}</Text>}
      <Button variant="default" size="xs" mt="xs" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
