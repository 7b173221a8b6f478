import { useSearchParams } from 'react-router';
import { ActionIcon, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { deleteWizardDistributor, getSignUpDistributorKey, saveWizardDistributor } from '@stockpot/domain';
import { DistributorEditor, type ActiveLocation } from './distributor-editor';
import { setDistributors, useSignUpWizard } from './sign-up-store';
import { WizardButtons } from './wizard-buttons';

interface DistributorsStepProps {
  activeLocations: ActiveLocation[];
  onBack: () => void;
  onNext: () => void;
}

/**
 * Step 2 'Distributor Information' (doc 3 §2.11, §4): the added distributors, their editor, Skip or
 * Next. The editor is in the URL as ?distributor=n (doc 3 §2 routes): the nth added distributor, or
 * one past the last for a new one, so browser back closes it like the step's other pages.
 */
export function DistributorsStep({ activeLocations, onBack, onNext }: DistributorsStepProps) {
  const entries = useSignUpWizard((s) => s.distributors);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get('distributor'));
  const editing =
    Number.isInteger(requested) && requested >= 1 && requested <= entries.length + 1
      ? { index: requested <= entries.length ? requested - 1 : null }
      : null;
  const setEditing = (next: { index: number | null } | null) => {
    if (next === null) setSearchParams({}, { replace: true });
    else setSearchParams({ distributor: String(next.index === null ? entries.length + 1 : next.index + 1) });
  };

  return (
    <Stack gap="md">
      <Title order={2} fz="h3" id="sign-up-step-title">
        Distributor Information
      </Title>
      {editing ? (
        <DistributorEditor
          entries={entries}
          editIndex={editing.index}
          activeLocations={activeLocations}
          onCancel={() => setEditing(null)}
          onSave={(entry) => {
            setDistributors(saveWizardDistributor(entries, entry, editing.index));
            setEditing(null);
          }}
        />
      ) : (
        <>
          {entries.length === 0 ? (
            <Text c="dimmed">No distributors added yet. Add the distributors you buy from now, or skip and add them later.</Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Added distributors">
              {entries.map((entry, i) => {
                const names = activeLocations.filter((l) => entry.locations[l.index]?.isChecked).map((l) => l.name);
                return (
                  <Card component="li" key={getSignUpDistributorKey(entry.distributor)} withBorder radius="md" padding="sm">
                    <Group justify="space-between" wrap="nowrap">
                      <div>
                        <Text fw={600}>{entry.distributor.nickname}</Text>
                        <Text fz="sm" c="dimmed">
                          {names.length ? names.join(', ') : 'No location checked'}
                        </Text>
                      </div>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${entry.distributor.nickname}`}
                          onClick={() => setEditing({ index: i })}
                        >
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${entry.distributor.nickname}`}
                          onClick={() => setDistributors(deleteWizardDistributor(entries, i))}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          )}
          <Group>
            <Button variant="light" onClick={() => setEditing({ index: null })}>
              + Add New Distributor
            </Button>
          </Group>
          <WizardButtons message={null}>
            <Button variant="default" onClick={onBack}>
              Back
            </Button>
            <Button onClick={onNext}>{entries.length === 0 ? 'Skip' : 'Next'}</Button>
          </WizardButtons>
        </>
      )}
    </Stack>
  );
}
