import { Anchor, Button, Card, EmptyState, Group, List, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed, IconFileUpload, IconTruckDelivery } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  GETTING_STARTED_TITLE,
  UPLOAD_ORDER_GUIDE_TEXT,
  type GettingStarted,
  type GettingStartedDistributor,
  type GettingStartedStep,
} from '@stockpot/domain';

/** Where the upload lives today: Edit Distributor's "Upload Order Guide" section (doc 3 §2.7). */
const getUploadPath = (distributorId: number) => `/distributor/${distributorId}#upload-order-guide`;

/**
 * Where a step still to do is done: the Distributor page, the upload of the first distributor
 * without a guide, Edit Distributor of the first without delivery days (where its ordering terms
 * are kept). The first order is placed from this very list once it has items: no link.
 */
function getStepPath(step: GettingStartedStep, distributors: GettingStartedDistributor[]): string | null {
  if (step.isDone) return null;
  if (step.key === 'distributors') return '/distributor';
  if (step.key === 'order-guides') {
    const next = distributors.find((d) => !d.hasOrderGuide);
    return next ? getUploadPath(next.id) : null;
  }
  if (step.key === 'delivery-days') {
    const next = distributors.find((d) => !d.hasDeliveryDays);
    return next ? `/distributor/${next.id}` : null;
  }
  return null;
}

function StepLabel({ step, to }: { step: GettingStartedStep; to: string | null }) {
  if (to)
    return (
      <Anchor component={Link} to={to}>
        {step.label}
      </Anchor>
    );
  return (
    <Text span td={step.isDone ? 'line-through' : undefined} c={step.isDone ? 'dimmed' : undefined}>
      {step.label}
    </Text>
  );
}

function Checklist({ steps, distributors }: { steps: GettingStartedStep[]; distributors: GettingStartedDistributor[] }) {
  const doneCount = steps.filter((s) => s.isDone).length;
  return (
    <Stack gap="xs" component="section" aria-labelledby="get-started-title">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="h4" id="get-started-title">
          {GETTING_STARTED_TITLE}
        </Title>
        <Text fz="sm" c="dimmed">
          {doneCount} of {steps.length} done
        </Text>
      </Group>
      <List spacing="xs" center>
        {steps.map((step) => (
          <List.Item
            key={step.key}
            icon={
              <ThemeIcon variant="transparent" color={step.isDone ? 'teal' : 'gray'} size={22}>
                {step.isDone ? (
                  <IconCircleCheckFilled size={20} color="var(--mantine-color-teal-7)" aria-hidden />
                ) : (
                  <IconCircleDashed size={20} aria-hidden />
                )}
              </ThemeIcon>
            }
          >
            <StepLabel step={step} to={getStepPath(step, distributors)} />
            <VisuallyHidden>{step.isDone ? ' (done)' : ' (to do)'}</VisuallyHidden>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The place-order list of a location with no order guide yet (issue 31 "A first run that leads
 * somewhere"): instead of "no exact match results", its distributors each with the way to their
 * upload, and the "Get started" checklist that ticks itself off from the location's data.
 */
export function FirstRun({ data }: { data: GettingStarted }) {
  const { distributors } = data;
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack gap="lg">
        <EmptyState variant="light">
          <EmptyState.Indicator>
            <IconFileUpload size={28} aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>Your items will show here</EmptyState.Title>
          <EmptyState.Description>
            {distributors.length > 0
              ? 'Upload the order guide each distributor sends you (csv or Excel) and its items appear on this list, ready to order.'
              : 'Add the distributors you buy from, then upload the order guide each one sends you.'}
          </EmptyState.Description>
        </EmptyState>
        {distributors.length > 0 ? (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your distributors">
            {distributors.map((d) => (
              <Group key={d.id} component="li" justify="space-between" gap="sm" wrap="wrap">
                <Group gap="xs" wrap="nowrap">
                  <IconTruckDelivery size={20} aria-hidden />
                  <Text fw={600}>{d.nickname}</Text>
                  {d.hasOrderGuide && (
                    <Text fz="sm" c="dimmed">
                      guide uploaded
                    </Text>
                  )}
                </Group>
                <Button
                  component={Link}
                  to={getUploadPath(d.id)}
                  variant={d.hasOrderGuide ? 'default' : 'filled'}
                  leftSection={<IconFileUpload size={18} aria-hidden />}
                  aria-label={`${UPLOAD_ORDER_GUIDE_TEXT} for ${d.nickname}`}
                >
                  {UPLOAD_ORDER_GUIDE_TEXT}
                </Button>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text ta="center">
            <Anchor component={Link} to="/distributor">
              Go to Distributors
            </Anchor>
          </Text>
        )}
        <Checklist steps={data.steps} distributors={distributors} />
      </Stack>
    </Card>
  );
}
