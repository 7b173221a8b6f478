import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';

/** A column header that sorts its table; aria-sort tells screen readers how it is sorted. */
export function SortHeader({
  label,
  direction,
  onSort,
  align,
}: {
  label: string;
  direction: 'ascending' | 'descending' | 'none';
  onSort: () => void;
  align?: 'right';
}) {
  const Icon = direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction} ta={align}>
      <UnstyledButton
        onClick={onSort}
        fw={600}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        aria-label={`Sort by ${label}`}
      >
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}
