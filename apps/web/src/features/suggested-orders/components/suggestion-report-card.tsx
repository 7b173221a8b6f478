import { Card, Skeleton, Table, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { LoadFailed } from '../../../ui/load-failed';
import { useSuggestionReport } from '../api/suggested-orders-api';

/**
 * The suggested-order report on /analytics (issue 37 "It learns"): per group, how often the
 * suggested cases were ordered as they were and the mean change the buyers made.
 */
export function SuggestionReportCard() {
  const { pathname } = useLocation();
  const isAnalyticsHome = pathname.replace(/\/+$/, '') === '/analytics';
  const report = useSuggestionReport();
  if (!isAnalyticsHome) return null;
  return (
    <Card withBorder maw={1200} mx="auto" w="100%" mt="md" component="section" aria-labelledby="suggestion-report-title">
      <Title order={2} fz="h4" id="suggestion-report-title" mb="xs">
        Suggested orders: taken and changed
      </Title>
      {report.isPending ? (
        <Skeleton h={60} />
      ) : report.isError ? (
        <LoadFailed title="The suggested-order report could not be loaded." onRetry={() => void report.refetch()} />
      ) : report.data.length === 0 ? (
        <Text fz="sm">No suggested lines have been added to the cart yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Group</Table.Th>
                <Table.Th ta="right">Suggested</Table.Th>
                <Table.Th ta="right">Taken as suggested</Table.Th>
                <Table.Th ta="right">Share taken</Table.Th>
                <Table.Th ta="right">Mean change (cases)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.data.map((row) => (
                <Table.Tr key={row.genericGroupId}>
                  <Table.Td>{row.group}</Table.Td>
                  <Table.Td ta="right">{row.times}</Table.Td>
                  <Table.Td ta="right">{row.taken}</Table.Td>
                  <Table.Td ta="right">{row.takenPercent}%</Table.Td>
                  <Table.Td ta="right">{row.averageChange > 0 ? `+${row.averageChange}` : row.averageChange}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
