import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { formatIsoDateMdy, formatMoney, RECEIVING_SURVEY_QUESTIONS, type ReceivingSurvey } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-title';
import { LoadFailed } from '../../../ui/load-failed';
import { useCompleteReceiving, useOrder, useSaveSurvey } from '../api/order-history-api';
import { InvoiceSuggestionsSlot } from '../components/invoice-suggestions-slot';
import { OrderLoading, useRouteOrderId } from '../components/order-header';
import { showReceivedMeanwhile } from '../received-meanwhile';
import type { ReceiveNavigationState } from './receive-order-page';

function isReceiveState(value: unknown): value is ReceiveNavigationState {
  return typeof value === 'object' && value !== null && 'result' in value && 'itemList' in value;
}

/**
 * /order-history/receive/{id}/order-complete (doc 3 §2.5): the pre-reject result, an editable
 * invoice number and Complete receiving. Without a pre-reject result in the navigation state it goes
 * back to the receive screen.
 */
export function OrderCompletePage() {
  const orderId = useRouteOrderId();
  usePageTitle('Order Complete');
  const { state } = useLocation();
  const order = useOrder(orderId);
  if (Number.isNaN(orderId)) return <Navigate to="/order-history" replace />;
  if (!isReceiveState(state)) return <Navigate to={`/order-history/receive/${orderId}`} replace />;
  if (order.isPending) return <OrderLoading label="Loading the order" />;
  if (order.isError) return <LoadFailed title="This order could not be loaded" onRetry={() => void order.refetch()} />;
  return <OrderComplete orderId={orderId} state={state} initialInvoice={order.data.customInvoiceId ?? ''} />;
}

function OrderComplete({
  orderId,
  state,
  initialInvoice,
}: {
  orderId: number;
  state: ReceiveNavigationState;
  initialInvoice: string;
}) {
  const navigate = useNavigate();
  const complete = useCompleteReceiving(orderId);
  const survey = useSaveSurvey(orderId);
  const [invoice, setInvoice] = useState(initialInvoice);
  const [answers, setAnswers] = useState<Set<string>>(() => new Set());
  const [comment, setComment] = useState('');
  const { result } = state;

  const surveyBody = (): ReceivingSurvey => ({
    question_1: answers.has('question_1') ? 1 : 0,
    question_2: answers.has('question_2') ? 1 : 0,
    question_3: answers.has('question_3') ? 1 : 0,
    question_4: answers.has('question_4') ? 1 : 0,
    question_5: answers.has('question_5') ? 1 : 0,
    comment: comment.trim(),
  });
  const sendSurvey = () => survey.mutate(surveyBody(), { onSuccess: () => void navigate('/order-history') });

  // doc 3 §4 "Receiving": the receive data, then the survey answers, then /order-history.
  const submit = () =>
    complete.mutate(
      {
        customInvoiceId: invoice.trim() || null,
        itemList: state.itemList,
        items: state.items,
        receivingVersion: state.receivingVersion,
      },
      { onSuccess: sendSurvey, onError: (error) => showReceivedMeanwhile(error, orderId) },
    );
  const toggle = (key: string, checked: boolean) =>
    setAnswers((current) => {
      const next = new Set(current);
      if (checked) next.add(key);
      else next.delete(key);
      return next;
    });
  const isReceived = complete.isSuccess;

  const rows: [string, string][] = [
    ['Distributor', result.distributor],
    ['Submission date', result.submission_date],
    ['Delivery date', formatIsoDateMdy(result.delivery_date) || '—'],
    ['Items', String(result.line_items)],
    ['Original total', formatMoney(result.original_total_price)],
    ['Total price of rejected items', formatMoney(result.credit_refusal)],
    ['New total', formatMoney(result.new_total_price)],
  ];
  return (
    <Stack gap="md" maw={640} w="100%" mx="auto">
      <Card withBorder radius="md" padding="md">
        <Title order={2} fz="h3" mb="sm">
          Order summary
        </Title>
        <Table aria-label="Order summary" variant="vertical" withRowBorders>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="55%">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <TextInput
          mt="md"
          label="Invoice number"
          value={invoice}
          maxLength={64}
          onChange={(e) => setInvoice(e.currentTarget.value)}
        />
      </Card>
      {/* Issue 36: OCR suggestions; the read number fills an empty field once, saved only by Complete receiving. */}
      <InvoiceSuggestionsSlot orderId={orderId} onAcceptInvoiceNumber={setInvoice} currentInvoiceNumber={invoice} />
      <Card withBorder radius="md" padding="md">
        {/* A fieldset groups the questions for screen readers and locks them once the order is received. */}
        <fieldset disabled={isReceived} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Title order={3} fz="h4" component="legend" mb="xs">
            Receiving check
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Tick what was true of this delivery.
          </Text>
          <Stack gap="xs">
            {RECEIVING_SURVEY_QUESTIONS.map((question) => (
              <Checkbox
                key={question.key}
                label={question.label}
                checked={answers.has(question.key)}
                onChange={(e) => toggle(question.key, e.currentTarget.checked)}
              />
            ))}
            <Textarea
              label="Comment"
              rows={2}
              maxLength={2000}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
            />
          </Stack>
        </fieldset>
      </Card>
      {complete.isError && (
        <Text c="red.8" role="alert">
          {isApiError(complete.error) ? complete.error.message : 'Receiving could not be completed. Please try again.'}
        </Text>
      )}
      {survey.isError && (
        <Alert color="orange" variant="light" role="alert" title="The order is received">
          Your receiving check answers could not be sent.
          <Group mt="xs" gap="xs">
            <Button size="xs" onClick={sendSurvey} loading={survey.isPending}>
              Send answers again
            </Button>
            <Button size="xs" variant="default" onClick={() => void navigate('/order-history')}>
              Go to Order History
            </Button>
          </Group>
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => void navigate(`/order-history/receive/${orderId}`)} disabled={isReceived}>
          Back
        </Button>
        {!survey.isError && (
          <Button size="md" onClick={submit} loading={complete.isPending || survey.isPending}>
            Complete receiving
          </Button>
        )}
      </Group>
    </Stack>
  );
}
