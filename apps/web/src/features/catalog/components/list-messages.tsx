import { Card, EmptyState, List } from '@mantine/core';
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
