DROP INDEX "item_swaps_location_pair_idx";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit_price" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit_size" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pack_size_uom" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "is_catch_weight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "image_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_authorization_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_same_day_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_swaps" ADD COLUMN "original_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_swaps" ADD COLUMN "swapped_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_swaps_location_open_pair_idx" ON "item_swaps" USING btree ("location_id","old_item_distributor_id","new_item_distributor_id") WHERE "item_swaps"."order_id" is null;--> statement-breakpoint
CREATE INDEX "outbox_messages_order_idx" ON "outbox_messages" USING btree ("order_id");