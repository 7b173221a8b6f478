import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';

/** The step's buttons with the first message of the flat list in red under them (doc 3 §5). */
export function WizardButtons({ children, message }: { children: ReactNode; message: string | null }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="sm">
        {children}
      </Group>
      <Text role="alert" c="red.8" fz="sm" fw={500} mih={20}>
        {message ?? ''}
      </Text>
    </Stack>
  );
}
