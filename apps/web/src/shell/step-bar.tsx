import { Link } from 'react-router';
import { CHECKOUT_STEPS } from '@stockpot/domain';
import classes from './step-bar.module.css';

const CHECKOUT_PREFIX = '/checkout-ordering/';

/** The checkout step of a path (doc 1 §2 step numbers), or null outside the checkout steps. */
export function getCheckoutStep(pathname: string): number | null {
  const path = pathname.replace(/\/+$/, '');
  if (!path.startsWith(CHECKOUT_PREFIX)) return null;
  return CHECKOUT_STEPS.find((s) => s.path === path)?.step ?? null;
}

/**
 * The step bar of doc 1 §2 ("The header shows a step bar: PLACE ORDER, SAVINGS, REVIEW ORDER,
 * SHIPPING AND PAYMENT, FINAL REVIEW"), in the header of every checkout step.
 */
export function StepBar({ current }: { current: number }) {
  return (
    <nav aria-label="Checkout steps" className={classes.stepBar}>
      <ol className={classes.steps}>
        {CHECKOUT_STEPS.map(({ step, label, path }) => {
          const isCurrent = step === current;
          const isDone = step < current;
          return (
            <li key={step} className={classes.step} data-current={isCurrent || undefined} data-done={isDone || undefined}>
              <Link to={path} className={classes.stepLink} aria-current={isCurrent ? 'step' : undefined}>
                <span className={classes.stepNumber} aria-hidden>
                  {step}
                </span>
                <span className={classes.stepLabel}>{label}</span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
