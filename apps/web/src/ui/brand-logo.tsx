import { Group, Text } from '@mantine/core';

/** The Stockpot mark and wordmark; the image is decorative because the word carries the name. */
export function BrandLogo({ size = 32, withWordmark = true }: { size?: number; withWordmark?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <img src="/brand/logo.svg" alt={withWordmark ? '' : 'Stockpot'} width={size} height={size} style={{ display: 'block' }} />
      {withWordmark && (
        <Text component="span" fw={800} fz={size * 0.62} c="stockpot.7" lh={1} style={{ letterSpacing: '-0.02em' }}>
          Stockpot
        </Text>
      )}
    </Group>
  );
}
