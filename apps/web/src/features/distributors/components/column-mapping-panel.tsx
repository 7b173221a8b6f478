import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { BUYER_MAPPED_FIELD_LABELS, BUYER_MAPPED_FIELDS, type BuyerMappedField } from '@stockpot/domain';
import { ApiError } from '../../../lib/api-error';
import { readGuideHeader, saveColumnMapping, type SheetHeader } from '../api/guide-review';

type Mapping = Partial<Record<BuyerMappedField, string>>;

/** A first guess from the header names, which the buyer corrects (nothing is saved until they do). */
const GUESSES: Record<BuyerMappedField, RegExp> = {
  din: /^(item|product|sku|supc|din)\s*(#|no\.?|num(ber)?|code)?$/i,
  name: /desc|^(item|product)\s*name$|^name$/i,
  brand: /brand|label|^mfr$/i,
  pack: /^pack(\s*size|\s*\/\s*size)?$/i,
  size: /^size$/i,
  unit: /^(unit|uom|unit of measure)$/i,
  price: /case.*(price|cost|\$)|^price$|^cost$/i,
  lb_price: /(lb|pound).*(price|cost|\$)|per\s*lb/i,
};

function guessMapping(headers: readonly string[]): Mapping {
  const mapping: Mapping = {};
  const used = new Set<string>();
  for (const field of BUYER_MAPPED_FIELDS) {
    const header = headers.find((h) => h.trim() !== '' && !used.has(h) && GUESSES[field].test(h.trim()));
    if (header) {
      mapping[field] = header;
      used.add(header);
    }
  }
  return mapping;
}

/**
 * Issue 31 "Layouts without a template": beside the spec's Request Template, the buyer says which
 * column holds what; the mapping is saved as this location's template for the distributor and the
 * upload goes on (`onSaved`). The next file of the same layout is read without asking.
 */
export function ColumnMappingPanel({
  distributorId,
  file,
  onSaved,
  onClose,
}: {
  distributorId: number;
  file: File;
  onSaved: () => void;
  onClose: () => void;
}) {
  const [sheet, setSheet] = useState<SheetHeader | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    readGuideHeader(distributorId, file).then(
      (read) => {
        if (!isCurrent) return;
        setSheet(read);
        setMapping(guessMapping(read.headers));
      },
      (error: unknown) => {
        if (isCurrent) setLoadError(error instanceof ApiError ? error.message : 'The file could not be read.');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [distributorId, file]);

  const save = async () => {
    if (!sheet) return;
    setIsSaving(true);
    setErrors([]);
    try {
      await saveColumnMapping(distributorId, sheet.headers, mapping);
      onSaved();
    } catch (error) {
      setErrors(
        error instanceof ApiError
          ? error.errors.length > 0
            ? error.errors
            : [{ field: 'request', message: error.message }]
          : [{ field: 'request', message: 'The mapping could not be saved.' }],
      );
    } finally {
      setIsSaving(false);
    }
  };

  const options = (sheet?.headers ?? []).filter((header, index, all) => header !== '' && all.indexOf(header) === index);
  const fieldError = (field: BuyerMappedField) => errors.find((error) => error.field === `mapping.${field}`)?.message;
  const otherErrors = errors.filter((error) => !error.field.startsWith('mapping.'));

  return (
    <Stack gap="sm" component="section" aria-labelledby="column-mapping-title">
      <Title order={3} fz="h4" id="column-mapping-title">
        Map the columns yourself
      </Title>
      <Text fz="sm">
        Say which column of {file.name} holds what. The mapping is kept for this distributor, so the next file in this layout
        uploads without asking.
      </Text>
      {loadError && (
        <Alert color="red" variant="light" role="alert">
          {loadError}
        </Alert>
      )}
      {!sheet && !loadError && <Loader size="sm" aria-label="Reading the file's columns" />}
      {sheet && (
        <>
          <div tabIndex={0} role="region" aria-label="The file's first rows, scrollable" style={{ overflowX: 'auto' }}>
            <Table aria-label={`The file's first rows (header on row ${sheet.headerRow})`} fz="xs" miw={480}>
              <Table.Thead>
                <Table.Tr>
                  {sheet.headers.map((header, index) => (
                    <Table.Th key={index}>{header}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sheet.sample.map((row, rowIndex) => (
                  <Table.Tr key={rowIndex}>
                    {row.map((value, index) => (
                      <Table.Td key={index}>{value}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            {BUYER_MAPPED_FIELDS.map((field) => (
              <Select
                key={field}
                label={BUYER_MAPPED_FIELD_LABELS[field]}
                placeholder="Not in the file"
                data={options}
                value={mapping[field] ?? null}
                clearable
                allowDeselect
                error={fieldError(field)}
                onChange={(value) => setMapping((current) => ({ ...current, [field]: value ?? undefined }))}
              />
            ))}
          </SimpleGrid>
          {otherErrors.map((error) => (
            <Text key={error.message} c="red" fz="sm" role="alert">
              {error.message}
            </Text>
          ))}
        </>
      )}
      <Group>
        <Button
          leftSection={<IconColumns size={18} aria-hidden />}
          onClick={() => void save()}
          loading={isSaving}
          disabled={!sheet || isSaving}
        >
          Save Mapping and Upload
        </Button>
        <Button variant="default" onClick={onClose} disabled={isSaving}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
