import { IconCircleCheck } from '@tabler/icons-react';
import { useCartSyncState } from './cart-sync-context';
import classes from './cart-animation.module.css';

/**
 * The cart animation overlay (doc 1 §2 "a cart animation overlay", §4 "Cart update" 4): a short
 * toast, cleared by the queue after CART_ANIMATION_MS. The live region is always there so screen
 * readers announce each new text.
 */
export function CartAnimation() {
  const animation = useCartSyncState((s) => s.animation);
  return (
    <div className={classes.region} role="status" aria-live="polite" data-testid="cart-animation">
      {animation && (
        <div key={`${animation.kind}:${animation.text}`} className={classes.toast} data-kind={animation.kind}>
          <IconCircleCheck size={20} aria-hidden />
          <span>{animation.text}</span>
        </div>
      )}
    </div>
  );
}
