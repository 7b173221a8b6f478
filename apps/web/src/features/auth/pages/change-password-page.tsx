import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { AuthFrame } from '../../../ui/auth-frame';

/** /change-password/{token} (doc 3 §2.1); the reset form arrives with password reset. */
export function ChangePasswordPage() {
  usePageTitle('Reset Password');
  return (
    <AuthFrame>
      <Stack gap="md">
        <Title order={1} fz={26}>
          Reset Password
        </Title>
        <Text>
          Choosing a new password from an e-mail link is not available yet. Please contact us and we will reset your password for
          you.
        </Text>
        <Text fz="sm">
          <Anchor component={Link} to="/login" inherit>
            Back to Sign In
          </Anchor>
          {' · '}
          <Anchor component={Link} to="/sign-up/1" inherit>
            SIGN UP
          </Anchor>
        </Text>
      </Stack>
    </AuthFrame>
  );
}
