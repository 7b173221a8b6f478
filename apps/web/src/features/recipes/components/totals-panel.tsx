import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { formatFoodCostPercent, formatMoney, toDecimalString, type Recipe } from '@stockpot/domain';
import { useUpdateRecipe } from '../api/recipes-api';
import { failureText } from './failure-text';
import classes from './recipes.module.css';

type TotalsEdit = { price?: string; totalCost?: string | null; marginGrossProfit?: string; foodCostPercentage?: string };

/** Cents as an input shows them ("24.00"), without going through floating point. */
const toInput = (cents: number | null) => (cents === null ? '' : toDecimalString(cents, 2));

/**
 * The editor's totals (doc 2 §4 "totals editing"): total cost, menu price, margin and food cost %,
 * each saved on its own; the server rounds to 2 decimals and the fields show what it kept. A total
 * cost entered by hand stands until "Use Ingredient Cost" takes the ingredients' sum back (issue 34).
 */
export function TotalsPanel({ recipe }: { recipe: Recipe }) {
  const update = useUpdateRecipe(recipe.id);
  const [totalCost, setTotalCost] = useState<string | number>(toInput(recipe.totalCost));
  const [price, setPrice] = useState<string | number>(toInput(recipe.price));
  const [margin, setMargin] = useState<string | number>(toInput(recipe.marginGrossProfit));
  const [percent, setPercent] = useState<string | number>(toInput(recipe.foodCostPercent));
  const [error, setError] = useState<string | null>(null);
  const send = (body: TotalsEdit) => {
    setError(null);
    update.mutate(body, {
      onSuccess: (next) => {
        setTotalCost(toInput(next.totalCost));
        setPrice(toInput(next.price));
        setMargin(toInput(next.marginGrossProfit));
        setPercent(toInput(next.foodCostPercent));
      },
      onError: (e) => setError(failureText(e)),
    });
  };
  const fixed = (value: string | number) => Number(value).toFixed(2);
  return (
    <Paper withBorder p="md" className={classes.totals}>
      <Title order={2} size="h4" mb="sm">
        Totals
      </Title>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text>Total Cost</Text>
          <Text fw={700} data-testid="total-cost">
            {formatMoney(recipe.totalCost)}
          </Text>
        </Group>
        {recipe.isSubRecipe ? (
          <Text size="sm" c="dimmed">
            Yield {recipe.subRecipeYield} {recipe.subRecipeYieldUom}
          </Text>
        ) : (
          <>
            {recipe.isTotalCostEntered && (
              <Text size="sm" c="dimmed" data-testid="total-cost-entered">
                Entered by hand. The ingredients cost {formatMoney(recipe.ingredientsCost)}.
              </Text>
            )}
            <Group justify="space-between">
              <Text>Food Cost %</Text>
              <Text fw={700} data-testid="food-cost-percent">
                {formatFoodCostPercent(recipe.foodCostPercent)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text>Margin</Text>
              <Text fw={700}>{recipe.marginGrossProfit === null ? '—' : formatMoney(recipe.marginGrossProfit)}</Text>
            </Group>
            <NumberInput label="Total Cost" prefix="$" decimalScale={2} min={0} value={totalCost} onChange={setTotalCost} />
            <Stack gap={4}>
              <Button
                size="xs"
                variant="default"
                disabled={!(Number(totalCost) > 0)}
                loading={update.isPending}
                onClick={() => send({ totalCost: fixed(totalCost) })}
              >
                Save Total Cost
              </Button>
              {recipe.isTotalCostEntered && (
                <Button size="xs" variant="subtle" disabled={update.isPending} onClick={() => send({ totalCost: null })}>
                  Use Ingredient Cost
                </Button>
              )}
            </Stack>
            <NumberInput label="Menu Price" prefix="$" decimalScale={2} min={0} value={price} onChange={setPrice} />
            <Button size="xs" variant="default" disabled={!(Number(price) > 0)} onClick={() => send({ price: fixed(price) })}>
              Save Menu Price
            </Button>
            <NumberInput label="Margin" prefix="$" decimalScale={2} value={margin} onChange={setMargin} />
            <Button
              size="xs"
              variant="default"
              disabled={margin === ''}
              onClick={() => send({ marginGrossProfit: fixed(margin) })}
            >
              Save Margin
            </Button>
            <NumberInput label="Food Cost % (target)" suffix="%" decimalScale={2} min={0} value={percent} onChange={setPercent} />
            <Button
              size="xs"
              variant="default"
              disabled={!(Number(percent) > 0)}
              onClick={() => send({ foodCostPercentage: fixed(percent) })}
            >
              Save Food Cost %
            </Button>
          </>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
