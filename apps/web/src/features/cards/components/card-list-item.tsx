import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { getFailureText, type PaymentMethod } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { CardSummary, describeCard, useDeletePaymentMethod, useUpdatePaymentMethod } from '../../../shared/payment';
import { getUpdateCardPath } from '../card-paths';

const failureText = (error: unknown) =>
  isApiError(error) ? getFailureText(error.status, error.message) : getFailureText(0, undefined);

/** One saved card: Make default, Edit, and Delete that asks inline with Cancel or Delete (doc 3 §4 "Card form"). */
export function CardListItem({ card }: { card: PaymentMethod }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const makeDefault = useUpdatePaymentMethod();
  const remove = useDeletePaymentMethod();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const hasAsked = useRef(false);
  const name = describeCard(card);

  // Focus follows the question: to Cancel when it opens, back to Delete when it closes.
  useEffect(() => {
    if (isConfirming) cancelRef.current?.focus();
    else if (hasAsked.current) deleteRef.current?.focus();
    hasAsked.current ||= isConfirming;
  }, [isConfirming]);

  const onMakeDefault = () => {
    setFailure(null);
    makeDefault.mutate({ token: card.token, changes: { default: true } }, { onError: (error) => setFailure(failureText(error)) });
  };
  const onDelete = () => {
    setFailure(null);
    remove.mutate(card.token, {
      onError: (error) => {
        setIsConfirming(false);
        setFailure(failureText(error));
      },
    });
  };

  return (
    <Card component="li" withBorder radius="md" padding="md" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <CardSummary card={card} />
          {!isConfirming && (
            <Group gap="xs">
              {!card.isDefault && (
                <Button
                  variant="default"
                  size="xs"
                  onClick={onMakeDefault}
                  loading={makeDefault.isPending}
                  aria-label={`Make default: ${name}`}
                >
                  Make default
                </Button>
              )}
              <Button variant="default" size="xs" component={Link} to={getUpdateCardPath(card.token)} aria-label={`Edit ${name}`}>
                Edit
              </Button>
              <Button
                ref={deleteRef}
                variant="default"
                c="red.9"
                size="xs"
                onClick={() => setIsConfirming(true)}
                aria-label={`Delete ${name}`}
              >
                Delete
              </Button>
            </Group>
          )}
        </Group>
        {isConfirming && (
          <Group role="group" aria-label={`Delete ${name}?`} justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              Delete this card?
            </Text>
            <Group gap="xs">
              <Button
                ref={cancelRef}
                variant="default"
                size="xs"
                onClick={() => setIsConfirming(false)}
                disabled={remove.isPending}
              >
                Cancel
              </Button>
              <Button color="red.9" size="xs" onClick={onDelete} loading={remove.isPending}>
                Delete
              </Button>
            </Group>
          </Group>
        )}
        {failure && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} p="xs">
            {failure}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
