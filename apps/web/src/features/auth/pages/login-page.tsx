import { Anchor, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation, useNavigate } from 'react-router';
import { getSignInLandingPath, type SignedInUser } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session-store';
import { AuthFrame } from '../../../ui/auth-frame';
import { useLazyForgotPassword } from '../components/lazy-forgot-password';
import { LoginForm } from '../components/login-form';

/** /login (doc 3 §2.1, §5 "Login", §8 sign-in failure). */
export function LoginPage() {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const [isForgotOpen, forgot] = useDisclosure(false);
  const forgotModal = useLazyForgotPassword(forgot.open);
  // Set by the sign-up wizard on its way here (issue 31).
  const routeState: unknown = useLocation().state;
  const signedUpEmail =
    routeState && typeof routeState === 'object' && 'email' in routeState && typeof routeState.email === 'string'
      ? routeState.email
      : '';

  const enter = (user: SignedInUser) => {
    signIn(user);
    navigate(getSignInLandingPath(user), { replace: true });
  };

  return (
    <AuthFrame>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={26}>
            Sign in
          </Title>
          <Text c="dimmed">Order from all your distributors in one place.</Text>
        </Stack>
        <LoginForm onSignedIn={enter} initialEmail={signedUpEmail} />
        <Stack gap={4} align="center">
          <Button
            variant="subtle"
            size="compact-sm"
            loading={forgotModal.isLoading}
            onPointerEnter={forgotModal.prefetch}
            onFocus={forgotModal.prefetch}
            onClick={forgotModal.open}
          >
            Forgot Password?
          </Button>
          {forgotModal.hasFailed && (
            <Text role="alert" c="red" fz="sm">
              Could not open Forgot Password. Check your connection and try again.
            </Text>
          )}
        </Stack>
        <Divider />
        <Text ta="center" fz="sm">
          New to Stockpot?{' '}
          <Anchor component={Link} to="/sign-up/1" fw={600} inherit>
            Sign Up
          </Anchor>
        </Text>
      </Stack>
      {forgotModal.Modal && <forgotModal.Modal opened={isForgotOpen} onClose={forgot.close} />}
    </AuthFrame>
  );
}
