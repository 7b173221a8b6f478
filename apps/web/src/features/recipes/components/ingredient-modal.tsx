import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Radio,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  DEFAULT_RECIPE_UNIT,
  getAutoConversion,
  isStrictFraction,
  NOT_CONVERTIBLE_MESSAGE,
  RECIPE_UNITS,
  type Ingredient,
  type IngredientType,
} from '@stockpot/domain';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useIngredientOptions, useSaveIngredient } from '../api/recipes-api';
import { failureText } from './failure-text';
import { FractionInput } from './fraction-input';

const TYPE_LABELS: Record<IngredientType, string> = { item: 'Item', generic: 'Inventory Item', subrecipe: 'Subrecipe' };
const CUSTOM = '__custom__';

interface Picked {
  id: number;
  name: string;
  packUnit: string;
}

/** Add or edit an ingredient (doc 2 §4 "Ingredient flow", §5). */
export function IngredientModal({
  recipeId,
  ingredient,
  onClose,
}: {
  recipeId: number;
  ingredient: Ingredient | null;
  onClose: () => void;
}) {
  const save = useSaveIngredient(recipeId);
  const [type, setType] = useState<IngredientType>(ingredient?.ingredientType ?? 'item');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const options = useIngredientOptions(type, debounced, recipeId);
  const [picked, setPicked] = useState<Picked | null>(
    ingredient
      ? {
          id: ingredient.ingredientId,
          name: ingredient.name,
          packUnit: ingredient.ingredientType === 'generic' ? '' : ingredient.conversion_pack_size_uom,
        }
      : null,
  );
  const initialUnit = ingredient?.recipe_pack_size_uom ?? DEFAULT_RECIPE_UNIT;
  const isKnownUnit = (RECIPE_UNITS as readonly string[]).includes(initialUnit);
  const [unitChoice, setUnitChoice] = useState(isKnownUnit ? initialUnit : CUSTOM);
  const [customUnit, setCustomUnit] = useState(isKnownUnit ? '' : initialUnit);
  const [amount, setAmount] = useState(ingredient?.recipe_amount_fraction ?? '1');
  const [recipePack, setRecipePack] = useState(ingredient?.recipe_pack_size_fraction ?? '1');
  const [conversionPack, setConversionPack] = useState(ingredient?.conversion_pack_size_fraction ?? '1');
  const [waste, setWaste] = useState<string | number>(ingredient?.waste_percentage ?? 0);
  const [error, setError] = useState<string | null>(null);

  const recipeUnit = unitChoice === CUSTOM ? customUnit.trim() : unitChoice;
  const packUnit = picked?.packUnit ?? '';
  const auto = type !== 'generic' && picked ? getAutoConversion(recipeUnit || 'x', packUnit) : null;
  const needsManual = type !== 'generic' && picked !== null && auto === null;
  const isWasteValid = waste === '' || (Number(waste) >= 0 && Number(waste) <= 100);
  const canSave =
    picked !== null &&
    recipeUnit !== '' &&
    isStrictFraction(amount) &&
    (!needsManual || (isStrictFraction(recipePack) && isStrictFraction(conversionPack))) &&
    isWasteValid;

  const submit = () => {
    if (!picked) return;
    setError(null);
    save.mutate(
      {
        ingredientId: ingredient?.id ?? null,
        body: {
          ingredient_type: type,
          ingredient_id: picked.id,
          recipe_amount_fraction: amount,
          recipe_pack_size_uom: recipeUnit,
          ...(type === 'generic'
            ? {}
            : auto
              ? {
                  recipe_pack_size_fraction: String(auto.recipePackSizeValue),
                  conversion_pack_size_fraction: String(auto.conversionPackSizeValue),
                  conversion_pack_size_uom: packUnit,
                }
              : {
                  recipe_pack_size_fraction: recipePack,
                  conversion_pack_size_fraction: conversionPack,
                  conversion_pack_size_uom: packUnit,
                }),
          waste_percentage: waste === '' ? '0' : String(waste),
        },
      },
      { onSuccess: onClose, onError: (e) => setError(failureText(e)) },
    );
  };

  return (
    <Modal opened onClose={onClose} title={ingredient ? 'Edit Ingredient' : 'Add Ingredient'} size="lg">
      <Stack gap="sm">
        <Radio.Group
          label="I want to add..."
          value={type}
          onChange={(value) => {
            setType(value as IngredientType);
            setPicked(null);
          }}
        >
          <Group mt={4}>
            {(Object.keys(TYPE_LABELS) as IngredientType[]).map((t) => (
              <Radio key={t} value={t} label={TYPE_LABELS[t]} disabled={ingredient !== null && t !== ingredient.ingredientType} />
            ))}
          </Group>
        </Radio.Group>
        {picked ? (
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{picked.name}</Text>
            {!ingredient && (
              <Button variant="subtle" size="xs" onClick={() => setPicked(null)}>
                Change
              </Button>
            )}
          </Group>
        ) : (
          <>
            <TextInput label={`Search ${TYPE_LABELS[type]}`} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
            <ScrollArea.Autosize mah={220}>
              {options.isPending ? (
                <Loader size="sm" aria-label="Loading" />
              ) : options.isError ? (
                <Text c="red">{"Something wen't wrong"}</Text>
              ) : options.data.length === 0 ? (
                <Text c="dimmed">No results found</Text>
              ) : (
                <Radio.Group
                  aria-label="Results"
                  value=""
                  onChange={(value) => {
                    const option = options.data.find((o) => String(o.id) === value);
                    if (option) setPicked({ id: option.id, name: option.name, packUnit: option.packUnit });
                  }}
                >
                  <Stack gap={6}>
                    {options.data.map((o) => (
                      <Radio key={o.id} value={String(o.id)} label={o.name} description={o.detail} />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            </ScrollArea.Autosize>
          </>
        )}
        <Group grow align="flex-start">
          <FractionInput label="Recipe Amount" required value={amount} onChange={setAmount} />
          <Select
            label="Recipe Unit"
            data={[
              ...RECIPE_UNITS.map((u) => ({ value: u, label: u })),
              { value: CUSTOM, label: customUnit ? `Custom: ${customUnit}` : 'Custom' },
            ]}
            value={unitChoice}
            onChange={(v) => setUnitChoice(v ?? DEFAULT_RECIPE_UNIT)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          {unitChoice === CUSTOM && (
            <TextInput label="Custom Unit" value={customUnit} onChange={(e) => setCustomUnit(e.currentTarget.value)} />
          )}
        </Group>
        {picked && type !== 'generic' && auto && (
          <Text size="sm" c="dimmed">
            {auto.recipePackSizeValue} {recipeUnit} = {auto.conversionPackSizeValue} {packUnit}
          </Text>
        )}
        {needsManual && (
          <>
            <Alert color="yellow" title="Not Auto-Convertible">
              {NOT_CONVERTIBLE_MESSAGE}
            </Alert>
            <Group grow align="flex-start">
              <FractionInput
                label={`Recipe Pack Size (${recipeUnit || 'recipe unit'})`}
                value={recipePack}
                onChange={setRecipePack}
              />
              <FractionInput label={`Pack Size (${packUnit})`} value={conversionPack} onChange={setConversionPack} />
            </Group>
          </>
        )}
        <NumberInput
          label="Waste %"
          min={0}
          max={100}
          decimalScale={2}
          value={waste}
          onChange={setWaste}
          error={isWasteValid ? undefined : 'Waste must be a number from 0 to 100.'}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!canSave} loading={save.isPending}>
            {ingredient ? 'Save Changes' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
