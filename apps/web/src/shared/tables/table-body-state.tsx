import { Skeleton, Table, Text } from '@mantine/core';

/** The loading rows, or the empty text, of a table (they span every column): analytics and the chain view. */
export function TableBodyState({
  isPending,
  isEmpty,
  columns,
  emptyText,
}: {
  isPending: boolean;
  isEmpty: boolean;
  columns: number;
  emptyText: string;
}) {
  if (isPending)
    return [0, 1, 2].map((i) => (
      <Table.Tr key={i}>
        <Table.Td colSpan={columns}>
          <Skeleton h={24} />
        </Table.Td>
      </Table.Tr>
    ));
  if (!isEmpty) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" py="md">
          {emptyText}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
