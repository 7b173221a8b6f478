import { Navigate, useParams } from 'react-router';
import { Link } from 'react-router';
import { Anchor, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatIsoDate, formatMoney, isIsoDate, type PosDetailRow } from '@stockpot/domain';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { LoadFailed } from '../../../ui/load-failed';
import { useAssignRecipe, usePosDetail, useRecipeChoices } from '../api/pos-api';

const quantity = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

function RecipeSelect({ row, choices }: { row: PosDetailRow; choices: { value: string; label: string }[] }) {
  const assign = useAssignRecipe();
  return (
    <Select
      aria-label={`Recipe for ${row.item_name}`}
      placeholder="Choose a recipe"
      data={choices}
      value={row.recipe_id === null ? null : String(row.recipe_id)}
      searchable
      clearable
      disabled={assign.isPending}
      nothingFoundMessage="No results found"
      onChange={(value) =>
        assign.mutate(
          { item_name: row.item_name, recipe_id: value === null ? null : Number(value) },
          {
            onError: (error) =>
              openMessageModal({
                message: (error as { status?: number }).status === 400 ? error.message : "Something wen't wrong",
              }),
          },
        )
      }
    />
  );
}

/** /pos/{date}: POS Detail of one day (doc 2 §2) with the recipe selector of each menu item. */
export function PosDetailPage() {
  const date = useParams().date ?? '';
  const valid = isIsoDate(date);
  const detail = usePosDetail(valid ? date : '1970-01-01');
  const recipes = useRecipeChoices();
  if (!valid) return <Navigate to="/pos" replace />;
  const choices = (recipes.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to="/pos" size="sm">
          POS
        </Anchor>
        <Title order={1}>POS Detail {formatIsoDate(date)}</Title>
      </div>
      {detail.isPending ? (
        <Stack aria-busy="true" aria-label="Loading sales">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : detail.isError ? (
        <LoadFailed title="The sales of this day could not be loaded." onRetry={() => void detail.refetch()} />
      ) : detail.data.data.length === 0 ? (
        <Text c="dimmed">No sales on this day.</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover aria-label={`Sales of ${formatIsoDate(date)}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Menu Item Name</Table.Th>
                <Table.Th>Menu Category</Table.Th>
                <Table.Th>QTY Sold</Table.Th>
                <Table.Th>QTY Void</Table.Th>
                <Table.Th>Net QTY</Table.Th>
                <Table.Th>Recipe</Table.Th>
                <Table.Th>Total Amount Sold</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.data.data.map((row) => (
                <Table.Tr key={row.item_name}>
                  <Table.Td>{row.item_name}</Table.Td>
                  <Table.Td>{row.pos_category}</Table.Td>
                  <Table.Td>{quantity(row.quantity_sold)}</Table.Td>
                  <Table.Td>{quantity(row.quantity_void)}</Table.Td>
                  <Table.Td>{quantity(row.quantity_net)}</Table.Td>
                  <Table.Td miw={240}>
                    <RecipeSelect row={row} choices={choices} />
                  </Table.Td>
                  <Table.Td>{formatMoney(row.price)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
