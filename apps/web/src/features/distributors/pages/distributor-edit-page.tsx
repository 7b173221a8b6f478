import { useState } from 'react';
import { Button, Card, Group, PasswordInput, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { isValidEmail } from '@stockpot/domain';
import { ApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { useCreateRep, useDistributorAccount, useUpdateCredentials } from '../api/use-distributors';
import { OrderingSection } from '../components/ordering-section';
import { RepEditor } from '../components/rep-editor';
import { UploadGuideForm } from '../components/upload-guide-form';

function NewRepForm({ distributorId, onDone }: { distributorId: number; onDone: () => void }) {
  const create = useCreateRep(distributorId);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [isTried, setIsTried] = useState(false);
  const nameError = name.trim() === '' ? 'Name is required.' : null;
  const emailError =
    email.trim() === '' ? 'E-mail is required.' : !isValidEmail(email.trim()) ? 'E-mail is not a valid e-mail address.' : null;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack
        gap="sm"
        component="form"
        aria-label="New sales rep"
        // The messages under the fields, as the existing-rep editor shows them, not the browser's
        // bubbles (Stack's props do not type the form's own attributes).
        {...{ noValidate: true }}
        onSubmit={(event) => {
          event.preventDefault();
          setIsTried(true);
          if (nameError || emailError) return;
          create.mutate(
            { name: name.trim(), email: email.trim(), phone: phone.trim(), is_primary: 0 },
            {
              onSuccess: onDone,
              onError: (error) =>
                openMessageModal({
                  title: 'Error!',
                  message: error instanceof ApiError ? error.message : 'Something went wrong.',
                }),
            },
          );
        }}
      >
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={isTried && nameError}
          />
          <TextInput
            label="E-mail"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={isTried && emailError}
          />
          <TextInput label="Phone" type="tel" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
        </Group>
        <Group gap="xs">
          <Button type="submit" loading={create.isPending}>
            Save Sales Rep
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function CredentialsForm({ distributorId, username }: { distributorId: number; username: string }) {
  const update = useUpdateCredentials(distributorId);
  const [name, setName] = useState(username);
  const [password, setPassword] = useState('');
  return (
    <Group
      component="form"
      aria-label="Website credentials"
      align="flex-end"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { username: name.trim(), ...(password ? { password } : {}) },
          {
            onSuccess: () => {
              setPassword('');
              openMessageModal({ title: 'Confirmation', message: 'Website credentials saved.' });
            },
            onError: (error) =>
              openMessageModal({ title: 'Error!', message: error instanceof ApiError ? error.message : 'Something went wrong.' }),
          },
        );
      }}
    >
      <TextInput label="Website username" value={name} onChange={(e) => setName(e.currentTarget.value)} autoComplete="off" />
      <PasswordInput
        label="Website password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        autoComplete="new-password"
        description="Empty keeps the saved one"
      />
      <Button type="submit" variant="default" loading={update.isPending}>
        Save Credentials
      </Button>
    </Group>
  );
}

/** /distributor/{id}: Edit Distributor (doc 3 §2.7). */
export function DistributorEditPage({ distributorId }: { distributorId: number }) {
  const distributor = useDistributorAccount(distributorId);
  usePageTitle(distributor.data ? `Edit Distributor: ${distributor.data.nickname}` : 'Edit Distributor');
  const [showInactive, setShowInactive] = useState(false);
  const [isAdding, setIsAdding] = useState(false);

  if (distributor.isPending)
    return (
      <Stack maw={980} mx="auto" w="100%" aria-label="Loading distributor" aria-busy>
        <Skeleton height={80} />
        <Skeleton height={200} />
      </Stack>
    );
  if (distributor.isError) {
    const isMissing = distributor.error instanceof ApiError && distributor.error.status === 404;
    return (
      <Stack maw={980} mx="auto" w="100%">
        {isMissing ? (
          <Text>This distributor is not one of your location's distributors.</Text>
        ) : (
          <LoadFailed title="The distributor could not be loaded" onRetry={() => void distributor.refetch()} />
        )}
      </Stack>
    );
  }
  const data = distributor.data;
  const isEditable = data.is_dsr_editable === 1;
  const reps = (data.dsrs ?? []).filter((rep) => showInactive || rep.is_deleted === 0);
  const inactiveCount = (data.dsrs ?? []).filter((rep) => rep.is_deleted === 1).length;

  return (
    <Stack gap="lg" maw={980} mx="auto" w="100%">
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Title order={2} fz="h3">
            {data.nickname}
          </Title>
          <Text fz="sm">Customer number: {data.dcn || 'not set'}</Text>
          <CredentialsForm distributorId={distributorId} username={data.skyloader?.username ?? ''} />
        </Stack>
      </Card>

      <OrderingSection distributorId={distributorId} />

      <Stack gap="sm" component="section" aria-labelledby="sales-reps-title">
        <Group justify="space-between">
          <Title order={2} fz="h3" id="sales-reps-title">
            Sales Reps
          </Title>
          <Group gap="sm">
            <Switch
              label={showInactive ? 'Hide Inactive Sales Reps' : 'Show Inactive Sales Reps'}
              checked={showInactive}
              onChange={(e) => setShowInactive(e.currentTarget.checked)}
              description={inactiveCount > 0 ? `${inactiveCount} inactive` : undefined}
            />
            {isEditable && !isAdding && (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setIsAdding(true)}>
                Add Sales Rep
              </Button>
            )}
          </Group>
        </Group>
        {!isEditable && (
          <Text fz="sm" c="dimmed">
            This distributor manages its own sales reps: they cannot be edited or invited here.
          </Text>
        )}
        {isAdding && <NewRepForm distributorId={distributorId} onDone={() => setIsAdding(false)} />}
        {reps.length === 0 ? (
          <Text c="dimmed">No sales reps.</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {reps.map((rep) => (
              <RepEditor key={rep.id} distributorId={distributorId} rep={rep} isEditable={isEditable} />
            ))}
          </Stack>
        )}
      </Stack>

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="upload-title">
        <Stack gap="sm">
          <Title order={2} fz="h3" id="upload-title">
            Upload Order Guide
          </Title>
          <UploadGuideForm distributorId={distributorId} />
        </Stack>
      </Card>
    </Stack>
  );
}
