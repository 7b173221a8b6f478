import { Progress, Stack, Text } from '@mantine/core';
import { formatMoney, getMinimumOrderProgress, getUncountedLinesText } from '@stockpot/domain';

/**
 * The minimum-order progress bar (doc 1 §5): total ÷ minimum × 100, full at 100%, and full when the
 * minimum is 0. The total counts catch-weight estimates (≈) and names the lines it cannot count (issue 32).
 */
export function MinOrderProgress({
  subtotal,
  minimum,
  distributorName,
  isEstimate = false,
  uncountedNames = [],
}: {
  subtotal: number;
  minimum: number;
  distributorName: string;
  isEstimate?: boolean;
  uncountedNames?: string[];
}) {
  const progress = Math.min(100, getMinimumOrderProgress(subtotal, minimum));
  const isMet = progress >= 100;
  const uncounted = minimum > 0 ? getUncountedLinesText(uncountedNames) : null;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {minimum <= 0
          ? 'No minimum order'
          : isMet
            ? `Minimum order of ${formatMoney(minimum)} reached`
            : `${isEstimate ? '≈ ' : ''}${formatMoney(subtotal)} of the ${formatMoney(minimum)} minimum order`}
      </Text>
      {uncounted && (
        <Text size="xs" c="orange.9">
          {uncounted}
        </Text>
      )}
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
