import { CART_ANIMATION_TEXTS } from '../cart/cart.rules';
import { formatCount } from '../common/count-text.rules';

/** Where Reorder puts the items: the cart, opened on review order. */
export const REORDER_CART_PATH = '/checkout-ordering/review-order';

export interface ReorderNotice {
  title: string;
  message: string;
}

/**
 * What Reorder says it did (doc 3 §2.5 Reorder; doc 1 §3 cart animation texts): the spec's
 * 'Shopping Cart Updated!' with how many of the order's items went to the cart, and how many
 * could not (special requests and blocked items, whose own notices say why); when nothing was
 * added it says so instead.
 */
export function getReorderNotice(orderId: number, added: number, notAdded: number): ReorderNotice {
  if (added === 0)
    return {
      title: 'Nothing was added to your cart',
      message: `None of the items of order ${orderId} can be ordered again from here.`,
    };
  const rest = notAdded > 0 ? ` ${formatCount(notAdded, 'item')} could not be added.` : '';
  return {
    title: CART_ANIMATION_TEXTS.cartUpdated,
    message: `${formatCount(added, 'item')} of order ${orderId} ${added === 1 ? 'is' : 'are'} in your cart, on Review Order.${rest}`,
  };
}
