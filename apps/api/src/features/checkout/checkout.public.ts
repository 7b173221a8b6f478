/** What other features read of checkout (orders: a purchase order's document address). */
export { getPurchaseOrderUrl } from './purchase-order.service';
