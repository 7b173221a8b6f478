import { Alert, Button, Card, EmptyState, Group, List, Text } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { NO_RESULTS_TEXT, NO_RESULTS_TIPS } from '@stockpot/domain';
import { SpecialRequestPrompt } from './list-states';
import classes from './item-row.module.css';

// The list's rare states (no result, a failed load) load on first use: the list route stays lighter.

/** The empty result of doc 1 §2 with its two tips, and the special-request prompt. */
export function NoResults() {
  return (
    <Card withBorder radius="lg" padding="xl">
      <EmptyState variant="light">
        <EmptyState.Indicator>
          <IconMoodEmpty size={28} aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title order={2}>{NO_RESULTS_TEXT}</EmptyState.Title>
        <EmptyState.Description>
          <List size="sm" className={classes.tips}>
            {NO_RESULTS_TIPS.map((tip) => (
              <List.Item key={tip}>{tip}</List.Item>
            ))}
          </List>
        </EmptyState.Description>
      </EmptyState>
      <SpecialRequestPrompt />
    </Card>
  );
}

/** A failed load is only logged by the spec (doc 1 §8); the page still offers a retry in place. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={`The ${what} could not be loaded`}>
      <Group justify="space-between" gap="sm">
        <Text fz="sm">Check your connection, then try again.</Text>
        <Button size="compact-sm" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
