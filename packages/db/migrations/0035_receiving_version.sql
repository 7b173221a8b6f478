-- Issue 33 (defect 5): a receiving save carries the version it was made from, so a second person
-- completing the same order from an older screen is told instead of silently replacing the first.
ALTER TABLE "orders" ADD COLUMN "receiving_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_received_by_user_id_users_id_fk" FOREIGN KEY ("received_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
