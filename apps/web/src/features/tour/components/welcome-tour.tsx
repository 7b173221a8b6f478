import { useEffect, useId, useRef } from 'react';
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { TOUR_STEPS as STEP_COUNT } from '@stockpot/domain';
import { nextTourStep, skipWelcomeTour, TOUR_TARGET_ATTRIBUTE, useTourStore } from '../../../shell/tour-store';
import { TOUR_STEPS } from './tour-steps';
import classes from './welcome-tour.module.css';

const LIST_VIEW_PATH = '/place-order/list';
const HIGHLIGHT_ATTRIBUTE = 'data-tour-highlight';

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
 * The welcome tour (doc 1 §4 "Tour"): four steps over the list page with Next and Skip. Next after
 * step 4 wraps to step 1 (getNextTourStep); Skip ends the tour and resets it to step 1. A
 * non-modal panel, so the highlighted control stays usable while it is explained.
 */
export function WelcomeTour() {
  const isRunning = useTourStore((s) => s.isRunning);
  const step = useTourStore((s) => s.step);
  const { pathname } = useLocation();
  const titleId = useId();
  const textId = useId();
  const nextRef = useRef<HTMLButtonElement>(null);
  const content = TOUR_STEPS[step - 1] ?? TOUR_STEPS[0];
  useHighlight(content.target);

  useEffect(() => {
    nextRef.current?.focus();
  }, [step]);

  if (!isRunning || pathname.replace(/\/+$/, '') !== LIST_VIEW_PATH) return null;
  return (
    <Paper
      role="dialog"
      aria-modal="false"
      aria-label="Welcome Tour"
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
          Welcome Tour · Step {step} of {STEP_COUNT}
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
          Next
        </Button>
      </Group>
    </Paper>
  );
}
