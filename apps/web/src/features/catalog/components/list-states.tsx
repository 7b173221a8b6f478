import { Alert, Button, Card, EmptyState, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconMoodEmpty, IconSquarePlus } from '@tabler/icons-react';
import { ADD_SPECIAL_REQUEST_LABEL, NO_RESULTS_TEXT, NO_RESULTS_TIPS, SPECIAL_REQUEST_PROMPT } from '@stockpot/domain';
import { openSpecialRequestModal } from '../../../shell/special-request-launcher';
import classes from './item-row.module.css';

/** Placeholder rows while the first page loads. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Stack gap="sm" role="status" aria-label="Loading items">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={classes.row} aria-hidden>
          <Skeleton height={64} width={64} radius="sm" className={classes.image} />
          <Stack gap={8} className={classes.info}>
            <Skeleton height={14} width="60%" />
            <Skeleton height={10} width="40%" />
            <Skeleton height={10} width="25%" />
          </Stack>
          <Stack gap={8} className={classes.prices}>
            <Skeleton height={16} width={70} />
            <Skeleton height={10} width={90} />
          </Stack>
          <Skeleton height={36} width={110} className={classes.actions} />
        </div>
      ))}
    </Stack>
  );
}

/** 'Can't find what you are looking for?' beside 'Add Special Request' (doc 1 §2). */
export function SpecialRequestPrompt() {
  return (
    <Group justify="center" gap="sm" py="lg" className={classes.prompt}>
      <Text fw={600}>{SPECIAL_REQUEST_PROMPT}</Text>
      <Button variant="outline" leftSection={<IconSquarePlus size={18} aria-hidden />} onClick={() => openSpecialRequestModal()}>
        {ADD_SPECIAL_REQUEST_LABEL}
      </Button>
    </Group>
  );
}

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
