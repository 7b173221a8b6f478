import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatMoney, type CartLine } from '@stockpot/domain';
import { getLineName, isSpecialLine } from '../order-lines';

/** Name, brand, pack size, DIN and case price of a cart line. */
export function LineDetails({ line }: { line: CartLine }) {
  const name = getLineName(line);
  if (isSpecialLine(line)) {
    const special = line.specialItem;
    return (
      <Stack gap={2} miw={0}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} lineClamp={2}>
            {name}
          </Text>
          <Badge variant="light" color="grape" size="sm">
            Special request
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {[special?.uom, special?.packSize, special?.din && `#${special.din}`].filter(Boolean).join(' · ')}
        </Text>
        <Text size="xs" c="dimmed">
          Priced by the distributor
        </Text>
      </Stack>
    );
  }
  const item = line.item;
  return (
    <Stack gap={2} miw={0}>
      <Text fw={600} lineClamp={2}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {[item?.brand, item?.packSize, item?.din && `#${item.din}`].filter(Boolean).join(' · ')}
      </Text>
      <Text size="sm">
        {item?.isMarketPrice ? 'Market price' : `${formatMoney(item?.price ?? 0)} / ${item?.unitMeasure || 'CS'}`}
      </Text>
    </Stack>
  );
}
