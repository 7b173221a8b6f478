import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useIsOnline } from '../lib/use-is-online';

/**
 * The one failed-load state of the app: says plainly what could not be loaded and offers to try
 * again in place (a failed load is only logged by the spec, doc 1 §8; the page stays usable).
 * Without a network it shows nothing: the shell's one offline banner says why (issue 40), and the
 * queries load again by themselves when the connection comes back (TanStack's refetch on reconnect).
 */
export function LoadFailed({ title, description, onRetry }: { title: string; description?: string; onRetry: () => void }) {
  const isOnline = useIsOnline();
  if (!isOnline) return null;
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={title}>
      {description && <Text fz="sm">{description}</Text>}
      <Button variant="default" size="xs" mt="xs" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
