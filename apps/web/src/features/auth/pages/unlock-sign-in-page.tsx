import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { getFailureText, getSignInLandingPath, SIGN_IN_UNLOCK_TTL_MINUTES } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session-store';
import { AuthFrame } from '../../../ui/auth-frame';
import { useUnlockSignIn } from '../api/use-unlock-sign-in';

/**
 * /unlock-sign-in/{token}: the link mailed when the account's sign-in was locked (issue 33, defect 6).
 * It asks for a click rather than unlocking on load: mail scanners that open links would otherwise
 * use up the one-time token before the owner does.
 */
export function UnlockSignInPage() {
  usePageTitle('Unlock Sign-in');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const unlock = useUnlockSignIn();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    setFailure(null);
    unlock.mutate(
      { token },
      {
        onSuccess: (user) => {
          signIn(user);
          navigate(getSignInLandingPath(user), { replace: true });
        },
        onError: (error) => setFailure(getFailureText(isApiError(error) ? error.status : 0, error.message)),
      },
    );
  };

  return (
    <AuthFrame>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={26}>
            Unlock Sign-in
          </Title>
          <Text c="dimmed">
            After many wrong passwords, signing in to your account with a password is paused for a while. This link signs you in
            and lifts the pause. It works once, within {SIGN_IN_UNLOCK_TTL_MINUTES} minutes of the e-mail.
          </Text>
        </Stack>
        {failure && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
            {failure}
          </Alert>
        )}
        <Button size="md" fullWidth loading={unlock.isPending} onClick={submit}>
          Sign In and Unlock
        </Button>
        <Text ta="center" fz="sm">
          <Anchor component={Link} to="/login" fw={600} inherit>
            Back to Sign In
          </Anchor>
        </Text>
      </Stack>
    </AuthFrame>
  );
}
