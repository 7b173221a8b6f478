import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { AuthFrame } from '../../../ui/auth-frame';

/** /sign-up/{step} (doc 3 §2.1, §2.11); the four-step wizard arrives with the sign-up area. */
export function SignUpPage() {
  usePageTitle('Hello, New Friend');
  return (
    <AuthFrame width={520}>
      <Stack gap="md">
        <Title order={1} fz={26}>
          Hello, New Friend
        </Title>
        <Text>
          Signing up a new restaurant online arrives soon. In a few steps you will be able to tell us about your business and
          locations, add your distributors and start ordering.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Until then, contact us and we will set up your account.</List.Item>
          <List.Item>Already have an account? Sign in below.</List.Item>
        </List>
        <Text fz="sm">
          <Anchor component={Link} to="/login" fw={600} inherit>
            Back to Sign In
          </Anchor>
        </Text>
      </Stack>
    </AuthFrame>
  );
}
