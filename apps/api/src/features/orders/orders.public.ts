/** What other features read of order history (checkout: the placed order's summary). */
export { getOrderSummary } from './order-history.service';
/** What invoices read (issue 36): an order received from its distributor's electronic invoice. */
export { receiveOrderElectronically, type InvoicedOrderLine } from './electronic-receiving.service';
