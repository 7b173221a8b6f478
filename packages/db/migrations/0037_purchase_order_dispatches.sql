-- Issue 33 (defect 7): an order's purchase order e-mail is claimed before it is sent, so the job's
-- retry after a short expiry (a process that died holding it) never sends it a second time.
CREATE TABLE "purchase_order_dispatches" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"attempt_id" text NOT NULL,
	"state" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "purchase_order_dispatches" ADD CONSTRAINT "purchase_order_dispatches_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_dispatches" ADD CONSTRAINT "purchase_order_dispatches_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;
