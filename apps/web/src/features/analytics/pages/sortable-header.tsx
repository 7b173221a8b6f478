import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { getNextAnalyticsSort } from '@stockpot/domain';
import classes from '../components/analytics.module.css';

/** A column header that sorts the table; aria-sort tells screen readers how it is sorted. */
export function SortableHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: string;
  sort: string;
  onSort: (sort: string) => void;
}) {
  const direction = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : 'none';
  const Icon = direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(getNextAnalyticsSort(sort, column))}>
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}
