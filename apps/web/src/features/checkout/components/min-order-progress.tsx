import { Progress, Stack, Text } from '@mantine/core';
import { formatMoney, getMinimumOrderProgress } from '@stockpot/domain';

/** The minimum-order progress bar (doc 1 §5): total ÷ minimum × 100, full at 100%, and full when the minimum is 0. */
export function MinOrderProgress({
  subtotal,
  minimum,
  distributorName,
}: {
  subtotal: number;
  minimum: number;
  distributorName: string;
}) {
  const progress = Math.min(100, getMinimumOrderProgress(subtotal, minimum));
  const isMet = progress >= 100;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {minimum <= 0
          ? 'No minimum order'
          : isMet
            ? `Minimum order of ${formatMoney(minimum)} reached`
            : `${formatMoney(subtotal)} of the ${formatMoney(minimum)} minimum order`}
      </Text>
      <Progress.Root size="lg" radius="xl" bg="gray.2">
        <Progress.Section
          value={progress}
          color={isMet ? 'teal.7' : 'orange.7'}
          aria-label={`Minimum order progress for ${distributorName}`}
        />
      </Progress.Root>
    </Stack>
  );
}
