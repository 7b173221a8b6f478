/**
 * An inventory's storage groups (its lists), comparison groups and items (doc 2 §2
 * "/inventory-view/inventories-detail", "/inventory-view/review-inventory"): one collapsible
 * section per storage group, a table of items per comparison group with its on-hand value.
 */
import { Accordion, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, type InventoryView } from '@stockpot/domain';

const quantity = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

export function InventoryViews({
  views,
  expanded,
  onExpandedChange,
}: {
  views: InventoryView[];
  expanded: string[];
  onExpandedChange: (value: string[]) => void;
}) {
  return (
    <Accordion multiple value={expanded} onChange={onExpandedChange} variant="separated">
      {views.map((view) => (
        <Accordion.Item key={view.id} value={String(view.id)}>
          <Accordion.Control aria-label={`${view.name}, ${formatMoney(view.totalOnHandAmount)} on hand`}>
            <Group justify="space-between" wrap="nowrap" pr="sm">
              <Text fw={600}>{view.name}</Text>
              <Text fz="sm">{formatMoney(view.totalOnHandAmount)}</Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md">
              {view.groups.map((group) => (
                <section key={group.id} aria-label={group.name}>
                  <Group justify="space-between" mb={4}>
                    <Title order={3} fz="md">
                      {group.name}
                    </Title>
                    <Text fz="sm" c="dimmed">
                      On hand value {formatMoney(group.totalOnHandAmount)}
                    </Text>
                  </Group>
                  <Table.ScrollContainer minWidth={640}>
                    <Table striped withTableBorder fz="sm">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Item</Table.Th>
                          <Table.Th>Distributor</Table.Th>
                          <Table.Th>Pack size</Table.Th>
                          <Table.Th ta="right">Price</Table.Th>
                          <Table.Th ta="right">Cases</Table.Th>
                          <Table.Th ta="right">Packs</Table.Th>
                          <Table.Th ta="right">Units</Table.Th>
                          <Table.Th ta="right">On hand value</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {group.items.map((item) => (
                          <Table.Tr key={item.id}>
                            <Table.Td>{item.description}</Table.Td>
                            <Table.Td>{item.distributor}</Table.Td>
                            <Table.Td>{item.customPackSize ?? item.packSize}</Table.Td>
                            <Table.Td ta="right">{formatMoney(item.price)}</Table.Td>
                            <Table.Td ta="right">{quantity(item.onHand)}</Table.Td>
                            <Table.Td ta="right">{quantity(item.onHandPack)}</Table.Td>
                            <Table.Td ta="right">{quantity(item.onHandUom)}</Table.Td>
                            <Table.Td ta="right">{formatMoney(item.totalOnHandAmount)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </section>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
