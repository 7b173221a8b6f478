-- Issue 32 (catch weight): an order line keeps the average case weight it was estimated at, and the
-- weight actually received, so its amount is an estimate before delivery and exact after it.
ALTER TABLE "order_items" ADD COLUMN "average_weight" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "received_weight" numeric(12, 4);
