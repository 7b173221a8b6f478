import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { AuthFrame } from '../../../ui/auth-frame';

interface Accepted {
  email: string;
  location: string;
  distributor: string;
}

/**
 * The sign-up link of a sales rep's invite (/sign-up/1?…&invite=…): the rep chooses a password and
 * the invite is accepted; the rep then signs in with the invited e-mail (docs/decisions.md).
 */
export function AcceptInvite({ invite }: { invite: string }) {
  usePageTitle('Accept Invite');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [accepted, setAccepted] = useState<Accepted | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (password.length < 6) return setError('Password is too short (minimum is 6 characters).');
    if (password !== confirm) return setError('The passwords do not match.');
    setError(null);
    setIsBusy(true);
    try {
      setAccepted(await api.post<Accepted>('sales-rep-invites/accept', { invite, password }));
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'Something went wrong.');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AuthFrame>
      <Stack gap="md" maw={420} mx="auto" w="100%">
        <Title order={1} size="h3">
          Accept your invitation
        </Title>
        {accepted ? (
          <>
            <Text>{`Your invitation is accepted. Sign in as ${accepted.email} to update ${accepted.distributor}'s prices for ${accepted.location}.`}</Text>
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </>
        ) : (
          <Stack component="form" gap="sm" aria-label="Accept invitation" onSubmit={(event) => void submit(event)}>
            <Text>Choose a password for your Stockpot sign-in.</Text>
            <PasswordInput label="Password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
            <PasswordInput
              label="Confirm password"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              required
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Button type="submit" loading={isBusy}>
              Accept Invite
            </Button>
          </Stack>
        )}
      </Stack>
    </AuthFrame>
  );
}
