import { useEffect, useRef } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '@stockpot/domain';
import { signOut } from '../api/sign-out';

export function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Strict mode runs effects twice; the server must see one logout.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void signOut(queryClient).then(() => navigate(LOGIN_PATH, { replace: true }));
  }, [queryClient, navigate]);

  return (
    <Center mih="100dvh" component="main">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text c="dimmed">Signing out…</Text>
      </Stack>
    </Center>
  );
}
