import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import type { SuggestedOrderLine } from '@stockpot/domain';

const BASIS_TEXT: Record<SuggestedOrderLine['basis'], string> = {
  pos: 'from POS sales',
  counts: 'from your counts',
  par: 'from par',
};

function describeCases(line: SuggestedOrderLine): string {
  return `${line.cases} ${line.cases === 1 ? 'case' : 'cases'}`;
}

/** One suggested line: group, item and cases; its arithmetic in words when opened; add it alone. */
export function SuggestedLine({
  line,
  onAdd,
  isBusy,
  cases,
  onCasesChange,
}: {
  line: SuggestedOrderLine;
  onAdd: () => void;
  isBusy: boolean;
  /** The cases to order: the suggestion until the buyer changes it. */
  cases: number;
  onCasesChange: (cases: number) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const explanationId = `suggested-explanation-${line.genericGroupId}`;
  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={line.group}>
      <Group justify="space-between" align="start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Text fw={600}>{line.group}</Text>
          <Text fz="sm" c="dimmed">
            {line.item} · {line.packSize} · {BASIS_TEXT[line.basis]}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap" align="end">
          <Text fw={600}>Suggested {describeCases(line)}</Text>
          <NumberInput
            label="Cases to order"
            value={cases}
            onChange={(value) => onCasesChange(typeof value === 'number' ? value : 0)}
            min={0}
            max={9999}
            allowDecimal={false}
            allowNegative={false}
            size="xs"
            w={112}
          />
          <Button
            size="xs"
            variant="subtle"
            aria-expanded={isOpen}
            aria-controls={explanationId}
            aria-label={`Why ${describeCases(line)} of ${line.group}?`}
            onClick={() => setIsOpen((open) => !open)}
          >
            Why?
          </Button>
          <Button size="xs" variant="default" loading={isBusy} onClick={onAdd} aria-label={`Add ${line.group} to cart`}>
            Add
          </Button>
        </Group>
      </Group>
      {isOpen && (
        <Stack gap={4} mt="xs" id={explanationId}>
          <Text fz="sm">{line.explanation}</Text>
          <Text fz="xs" c="dimmed">
            {`${line.expectedUse} ${line.unit} expected use + ${line.par} par − ${line.onHand} on hand − ${line.inTransit} on the way − ${line.inCart} in the cart = ${line.need} ${line.unit}`}
          </Text>
        </Stack>
      )}
      {line.cheaper && (
        <Text fz="xs" mt={4} c="dimmed">
          {line.cheaper.text}
        </Text>
      )}
    </Paper>
  );
}
