CREATE TABLE "item_swaps" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"old_item_distributor_id" integer NOT NULL,
	"new_item_distributor_id" integer NOT NULL,
	"type" text NOT NULL,
	"reason_name" text DEFAULT '' NOT NULL,
	"old_unit_price" numeric(14, 4),
	"new_unit_price" numeric(14, 4),
	"savings_per_case" numeric(12, 2) DEFAULT '0' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"order_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attachments" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_reps" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"access_type" text DEFAULT 'none' NOT NULL,
	"start_date" date,
	"end_date" date,
	"invite_status" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_swaps" ADD CONSTRAINT "item_swaps_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_swaps" ADD CONSTRAINT "item_swaps_old_item_distributor_id_item_distributors_id_fk" FOREIGN KEY ("old_item_distributor_id") REFERENCES "public"."item_distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_swaps" ADD CONSTRAINT "item_swaps_new_item_distributor_id_item_distributors_id_fk" FOREIGN KEY ("new_item_distributor_id") REFERENCES "public"."item_distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_swaps" ADD CONSTRAINT "item_swaps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_swaps" ADD CONSTRAINT "item_swaps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_reps" ADD CONSTRAINT "sales_reps_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_reps" ADD CONSTRAINT "sales_reps_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_swaps_location_pair_idx" ON "item_swaps" USING btree ("location_id","old_item_distributor_id","new_item_distributor_id");--> statement-breakpoint
CREATE INDEX "item_swaps_location_order_idx" ON "item_swaps" USING btree ("location_id","order_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sales_reps_location_distributor_idx" ON "sales_reps" USING btree ("location_id","distributor_id");