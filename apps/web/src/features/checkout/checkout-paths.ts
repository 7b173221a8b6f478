/** Routes of the checkout steps (doc 1 §2). */
export const REVIEW_ORDER_PATH = '/checkout-ordering/review-order';
export const SAVINGS_PATH = '/checkout-ordering/savings';
export const SHIPPING_PAYMENT_PATH = '/checkout-ordering/shipping-payment';
export const FINAL_REVIEW_PATH = '/checkout-ordering/final-review';
export const PLACE_ORDER_LIST_PATH = '/place-order/list';

/** Router state of savings reached from Checkout: the pass goes on to shipping and payment. */
export interface SavingsPassState {
  checkoutDistributorId: number;
}
