import { useEffect, useId, useRef } from 'react';
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { nextTourStep, skipWelcomeTour, TOUR_TARGET_ATTRIBUTE, useTourStore, type TourKind } from '../../../shell/tour-store';
import { INVENTORY_TUTORIAL_STEPS, TOUR_STEPS, type TourStepContent } from './tour-steps';
import classes from './welcome-tour.module.css';

const HIGHLIGHT_ATTRIBUTE = 'data-tour-highlight';

/** Each tour's page, name and steps. */
const TOURS: Record<TourKind, { path: string; name: string; steps: readonly TourStepContent[]; wraps: boolean }> = {
  welcome: { path: '/place-order/list', name: 'Welcome Tour', steps: TOUR_STEPS, wraps: true },
  inventory: { path: '/place-order/inventory', name: 'What is Inventory View?', steps: INVENTORY_TUTORIAL_STEPS, wraps: false },
};

/** Lights up the step's target (search, filters, the first row's Add, the cart) and brings it into view. */
function useHighlight(target: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    let element: Element | null = null;
    let attempts = 0;
    // The list rows arrive after the page: look again a few times before giving up on the target.
    const timer = window.setInterval(() => {
      element = document.querySelector(`[${TOUR_TARGET_ATTRIBUTE}="${target}"]`);
      attempts += 1;
      if (!element && attempts < 100) return;
      window.clearInterval(timer);
      if (!element) return;
      element.setAttribute(HIGHLIGHT_ATTRIBUTE, '');
      element.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }, 100);
    return () => {
      window.clearInterval(timer);
      element?.removeAttribute(HIGHLIGHT_ATTRIBUTE);
    };
  }, [target, pathname]);
}

/**
 * The welcome tour (doc 1 §4 "Tour": four steps over the list page, Next after step 4 wraps to
 * step 1) and the inventory tutorial (doc 2 §2: six steps over the inventory view, Done after the
 * sixth ends it). Skip ends either and resets it to step 1. A non-modal panel, so the highlighted
 * control stays usable while it is explained.
 */
export function WelcomeTour() {
  const isRunning = useTourStore((s) => s.isRunning);
  const kind = useTourStore((s) => s.kind);
  const step = useTourStore((s) => s.step);
  const { pathname } = useLocation();
  const titleId = useId();
  const textId = useId();
  const nextRef = useRef<HTMLButtonElement>(null);
  const tour = TOURS[kind];
  const content = tour.steps[step - 1] ?? tour.steps[0];
  const isLast = !tour.wraps && step >= tour.steps.length;
  useHighlight(content.target);

  useEffect(() => {
    nextRef.current?.focus();
  }, [step]);

  if (!isRunning || pathname.replace(/\/+$/, '') !== tour.path) return null;
  return (
    <Paper
      role="dialog"
      aria-modal="false"
      aria-label={tour.name}
      aria-describedby={`${titleId} ${textId}`}
      className={classes.panel}
      shadow="xl"
      radius="lg"
      p="lg"
      withBorder
      onKeyDown={(event) => {
        if (event.key === 'Escape') skipWelcomeTour();
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb={4}>
        <Text fz="xs" fw={700} c="stockpot.8" tt="uppercase">
          {tour.name} · Step {step} of {tour.steps.length}
        </Text>
        <CloseButton aria-label="Close tour" onClick={skipWelcomeTour} size="sm" />
      </Group>
      <Text id={titleId} fw={700} fz="lg">
        {content.title}
      </Text>
      <Text id={textId} fz="sm" mt={4}>
        {content.text}
      </Text>
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" onClick={skipWelcomeTour}>
          Skip
        </Button>
        <Button ref={nextRef} onClick={nextTourStep}>
          {isLast ? 'Done' : 'Next'}
        </Button>
      </Group>
    </Paper>
  );
}
