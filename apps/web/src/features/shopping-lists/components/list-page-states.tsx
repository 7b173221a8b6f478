import { Card, Group, Loader, Skeleton, Stack } from '@mantine/core';

/** Placeholder rows while a list loads. */
export function LoadingRows({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <Stack gap="xs" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder radius="md" padding="sm">
          <Group gap="sm" wrap="nowrap">
            <Skeleton h={48} w={48} radius="sm" />
            <Stack gap={6} flex={1}>
              <Skeleton h={14} w="45%" />
              <Skeleton h={12} w="30%" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The spinner under a list while its next page loads (infinite scroll). */
export function LoadingMore() {
  return (
    <Group justify="center" role="status" aria-label="Loading more items">
      <Loader size="sm" />
    </Group>
  );
}
