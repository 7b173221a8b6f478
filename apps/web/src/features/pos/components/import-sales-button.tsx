import { Alert, Anchor, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatIsoDate, formatMoney, type PosImportAnswer } from '@stockpot/domain';
import { useImportSales } from '../api/pos-api';

const FORMAT_NAMES: Record<PosImportAnswer['format'], string> = { toast: 'Toast', square: 'Square' };

/** Import: a Toast ItemSelectionDetails.csv or a Square Items Detail CSV, with progress and what it brought in. */
export function ImportSalesButton() {
  const importSales = useImportSales();
  const result = importSales.data;
  return (
    <Stack gap="xs">
      <Group>
        <FileButton onChange={(file) => file && importSales.mutate(file)} accept=".csv,.xlsx,.xls,text/csv">
          {(props) => (
            <Button {...props} loading={importSales.isPending} aria-label="Import sales (Toast or Square CSV)">
              Import
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          Toast ItemSelectionDetails.csv or Square Items Detail CSV
        </Text>
      </Group>
      {importSales.isPending && <Progress value={100} animated striped aria-label="Importing sales" />}
      {importSales.isError && (
        <Alert color="red" title="The file was not imported">
          {importSales.error.message || "Something wen't wrong"}
        </Alert>
      )}
      {result && !importSales.isPending && (
        <Alert color="green" title={`Imported ${result.rows} rows from ${FORMAT_NAMES[result.format]}`}>
          <Text size="sm">
            {result.skipped > 0 ? `${result.skipped} rows could not be read and were skipped. ` : ''}
            {result.dates.length === 1 ? '1 day' : `${result.dates.length} days`} of sales:{' '}
            {result.dates.map((d, index) => (
              <span key={d.date}>
                {index > 0 && ', '}
                <Anchor component={Link} to={`/pos/${d.date}`}>
                  {formatIsoDate(d.date)}
                </Anchor>{' '}
                ({formatMoney(d.total)})
              </span>
            ))}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
