/** What submitting an order takes (its dependencies and input) and answers. */
import type { FastifyBaseLogger } from 'fastify';
import { type Database } from '@stockpot/db';
import { type OrderSubmit, type OrderSummary } from '@stockpot/domain';
import type { PaymentGateway } from '../../platform/payments';

export interface CheckoutDeps {
  db: Database;
  log: FastifyBaseLogger;
  /** app.paymentGateway; null when no provider is configured. */
  paymentGateway: PaymentGateway | null;
  /**
   * Enqueues the order's purchase order job (files and e-mail) through the order's transaction, so
   * the order never exists without its job, nor the job without its order.
   */
  enqueueDocuments: (tx: Database, locationId: number, orderId: number) => Promise<void>;
  /** Runs after the order committed (wakes the job's worker); must not throw. */
  afterCommit: () => void;
  now?: () => Date;
}

export interface SubmitOrderInput {
  userId: number;
  locationId: number;
  idempotencyKey: string;
  body: OrderSubmit;
}

export interface SubmitOrderResult {
  order: OrderSummary;
  /** True when the Idempotency-Key had already placed this order: nothing new was done. */
  isReplay: boolean;
}
