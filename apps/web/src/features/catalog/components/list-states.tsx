import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconSquarePlus } from '@tabler/icons-react';
import { ADD_SPECIAL_REQUEST_LABEL, SPECIAL_REQUEST_PROMPT } from '@stockpot/domain';
import { openSpecialRequestModal } from '../../../shared/modals/special-request-launcher';
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
