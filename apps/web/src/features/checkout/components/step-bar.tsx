import { Link } from 'react-router';
import { CHECKOUT_STEPS } from '@stockpot/domain';
import classes from './checkout.module.css';

/** The step bar of doc 1 §2: PLACE ORDER, SAVINGS, REVIEW ORDER, SHIPPING AND PAYMENT, FINAL REVIEW. */
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
