/**
 * Paying by card, shared by the cards area (/manage-cards) and checkout: features do not import
 * each other, so the saved-card hooks, the two-step card form and the payment modal live here.
 */
export { PaymentModal, PAYMENT_PANELS, type PaymentModalProps, type PaymentPanel } from './payment-modal';
export { AddCardForm } from './add-card-form';
export { BillingFields, billingFormOptions, EMPTY_BILLING, type BillingValues } from './billing-fields';
export { CardSummary, describeCard, formatCardExpiry } from './card-summary';
export {
  useAddPaymentMethod,
  useDeletePaymentMethod,
  usePaymentMethod,
  usePaymentMethods,
  useUpdatePaymentMethod,
} from './payment-methods-api';
export { CardTokenError, isCardTokenError, tokenizeCard } from './tokenize-card';
export {
  CardDetailsFields,
  checkCardDetails,
  EMPTY_CARD_DETAILS,
  getGatewayErrorField,
  toCardTokenFields,
  type CardDetailsValues,
} from './card-details-fields';
