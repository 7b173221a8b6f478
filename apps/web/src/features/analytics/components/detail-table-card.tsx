import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Loader, Table, Text } from '@mantine/core';
import { LoadFailed } from '../../../ui/load-failed';
import { TableBodyState } from '../../../shared/tables/table-body-state';

/**
 * The detail table under an analytics page's donuts (Total Orders, Total Purchases): its heading,
 * the slice the buyer picked with a way back to all rows, the failed-load state, the loading and
 * empty rows, and the spinner while the next page loads on scroll.
 */
export function DetailTableCard({
  title,
  filterLabel,
  clearLabel,
  onClear,
  isError,
  errorTitle,
  onRetry,
  minWidth,
  tableLabel,
  isPending,
  isEmpty,
  columns,
  emptyText,
  head,
  isFetchingNextPage,
  loadingMoreLabel,
  footer,
  children,
}: {
  title: string;
  /** The picked slice ("Distributor: Sysco"), or null when every row shows. */
  filterLabel: ReactNode;
  clearLabel: string;
  onClear: () => void;
  isError: boolean;
  errorTitle: string;
  onRetry: () => void;
  minWidth: number;
  tableLabel: string;
  isPending: boolean;
  isEmpty: boolean;
  columns: number;
  emptyText: string;
  /** The header cells. */
  head: ReactNode;
  isFetchingNextPage: boolean;
  loadingMoreLabel: string;
  footer?: ReactNode;
  /** The body rows. */
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="sm">
        <Text fw={700} component="h2" fz="h4" m={0}>
          {title}
        </Text>
        {filterLabel && (
          <Group gap="xs">
            <Badge variant="light" size="lg">
              {filterLabel}
            </Badge>
            <Button size="xs" variant="subtle" onClick={onClear}>
              {clearLabel}
            </Button>
          </Group>
        )}
      </Group>
      {isError ? (
        <LoadFailed title={errorTitle} onRetry={onRetry} />
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped highlightOnHover aria-label={tableLabel} aria-busy={isPending}>
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableBodyState isPending={isPending} isEmpty={isEmpty} columns={columns} emptyText={emptyText} />
              {children}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {isFetchingNextPage && (
        <Group justify="center" p="sm">
          <Loader size="sm" role="status" aria-label={loadingMoreLabel} />
        </Group>
      )}
      {footer}
    </Card>
  );
}
