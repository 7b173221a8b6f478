/** What other features read of order history (checkout: the placed order's summary). */
export { getOrderSummary } from './order-history.service';
