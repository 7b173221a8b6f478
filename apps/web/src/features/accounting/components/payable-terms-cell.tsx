import { useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { parsePayableTerms, type AccountingDistributor } from '@stockpot/domain';
import { useUpdatePayableTerms } from '../api/use-update-payable-terms';

/**
 * A distributor's payable terms (doc 3 §4: toggles edit mode and saves on blur; §5: saved only
 * when a non-zero number, otherwise the value goes back to what it was).
 */
export function PayableTermsCell({ distributor }: { distributor: AccountingDistributor }) {
  const update = useUpdatePayableTerms();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = `Payable terms (days) of ${distributor.nickname}`;

  const save = async () => {
    const text = draft ?? '';
    setDraft(null);
    const days = parsePayableTerms(text);
    if (days === null || days === distributor.payableTerms) return;
    setError(null);
    try {
      await update.mutateAsync({ distributorId: distributor.id, terms: days });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The payable terms could not be saved.');
    }
  };

  if (draft !== null)
    return (
      <TextInput
        label={label}
        styles={{ label: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } }}
        value={draft}
        inputMode="numeric"
        autoFocus
        w={120}
        size="xs"
        rightSection={<Text fz="xs">days</Text>}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={() => void save()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') setDraft(null);
        }}
      />
    );

  return (
    <Group gap="xs">
      <Button
        variant="subtle"
        color="dark"
        size="compact-sm"
        onClick={() => setDraft(distributor.payableTerms > 0 ? String(distributor.payableTerms) : '')}
        aria-label={`${label}: ${distributor.payableTerms > 0 ? distributor.payableTerms : 'not set'}. Edit`}
        loading={update.isPending}
      >
        {distributor.payableTerms > 0 ? `${distributor.payableTerms} days` : 'Set terms'}
      </Button>
      {error && (
        <Text c="red" fz="xs" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
