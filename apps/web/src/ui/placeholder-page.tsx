import type { ReactNode } from 'react';
import { Card, EmptyState, Stack } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { usePageTitle } from '../lib/page-title';

interface PlaceholderPageProps {
  /** Shown as the header's h1 (see usePageTitle). */
  title: string;
  /** What the area will do, in the user's words. */
  description: string;
  children?: ReactNode;
}

/** A finished-looking page for an area that has not been built yet: its title in the header and an honest empty state. */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  usePageTitle(title);
  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      {children}
      <Card withBorder radius="lg" padding="xl">
        <EmptyState variant="light">
          <EmptyState.Indicator>
            <IconTools size={28} aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>This area is being built</EmptyState.Title>
          <EmptyState.Description maw={520}>{description}</EmptyState.Description>
        </EmptyState>
      </Card>
    </Stack>
  );
}
