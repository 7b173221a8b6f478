ALTER TABLE "order_items" ADD COLUMN "invoiced_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "invoiced_price" numeric(12, 2);