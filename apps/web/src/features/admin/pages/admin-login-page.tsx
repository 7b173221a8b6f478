import { Button, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { LOGOUT_PATH, roleLabels } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { AuthFrame } from '../../../ui/auth-frame';

/** /admin-login for the platform administrator (doc 3 §2.12); the login-as pickers come with the admin area. */
export function AdminLoginPage() {
  usePageTitle('Login As');
  const navigate = useNavigate();
  return (
    <AuthFrame width={480}>
      <Stack gap="md">
        <Text fz="xs" fw={700} tt="uppercase" c="stockpot.7" style={{ letterSpacing: '0.06em' }}>
          {roleLabels.admin}
        </Text>
        <Title order={1} fz={26}>
          Login As
        </Title>
        <Text>
          Here you will pick a location and one of its users to act as. The user and location pickers arrive with the
          administrator area; until then you can only sign out.
        </Text>
        <Button variant="default" leftSection={<IconLogout size={18} aria-hidden />} onClick={() => navigate(LOGOUT_PATH)}>
          Log out
        </Button>
      </Stack>
    </AuthFrame>
  );
}
