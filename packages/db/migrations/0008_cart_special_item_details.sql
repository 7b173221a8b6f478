ALTER TABLE "cart_items" ADD COLUMN "special_din" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "special_pack_size" text;