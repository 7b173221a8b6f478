import { useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { parseOrderingTermsForm, toOrderingTermsForm, type OrderingTerms } from '@stockpot/domain';
import { ApiError } from '../../../lib/api-error';
import { LoadFailed } from '../../../ui/load-failed';
import { OrderingTermsFields } from '../../../ui/ordering-terms-fields';
import { useOrderingTerms, useSaveOrderingTerms } from '../api/use-distributor-directory';

function OrderingForm({ distributorId, terms }: { distributorId: number; terms: OrderingTerms }) {
  const save = useSaveOrderingTerms(distributorId);
  const [form, setForm] = useState(() => toOrderingTermsForm(terms));
  const [isTried, setIsTried] = useState(false);
  const [isSaved, setIsSaved] = useState(false);
  const parsed = parseOrderingTermsForm(form);
  const message = isTried ? (parsed.errors[0] ?? null) : null;
  const serverMessage = save.error ? (save.error instanceof ApiError ? save.error.message : 'Something went wrong.') : null;
  return (
    <Stack
      gap="sm"
      component="form"
      aria-label="Ordering terms"
      onSubmit={(event) => {
        event.preventDefault();
        setIsTried(true);
        setIsSaved(false);
        if (parsed.errors.length > 0) return;
        save.mutate(parsed.terms, { onSuccess: () => setIsSaved(true) });
      }}
    >
      <OrderingTermsFields
        idPrefix={`ordering-${distributorId}`}
        value={form}
        onChange={(next) => {
          setForm(next);
          setIsSaved(false);
        }}
      />
      {(message ?? serverMessage) && (
        <Text c="red" fz="sm" role="alert">
          {message ?? serverMessage}
        </Text>
      )}
      {isSaved && (
        <Alert color="teal" variant="light" role="status" p="xs">
          Ordering terms saved. Checkout offers delivery dates by them now.
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={save.isPending}>
          Save Ordering
        </Button>
      </Group>
    </Stack>
  );
}

/** Edit Distributor's "Ordering" section (issue 31): the terms checkout's delivery dates and minimum follow. */
export function OrderingSection({ distributorId }: { distributorId: number }) {
  const terms = useOrderingTerms(distributorId);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="ordering-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="ordering-title">
          Ordering
        </Title>
        {terms.isPending ? (
          <Skeleton height={160} aria-label="Loading ordering terms" />
        ) : terms.isError ? (
          <LoadFailed title="The ordering terms could not be loaded" onRetry={() => void terms.refetch()} />
        ) : (
          <OrderingForm distributorId={distributorId} terms={terms.data} />
        )}
      </Stack>
    </Card>
  );
}
