CREATE TABLE "inventories" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"status" text NOT NULL,
	"start_date" date NOT NULL,
	"completed_date" date,
	"total_on_hand_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"started_by" integer,
	"completed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventories_completed_check" CHECK (("inventories"."status" = 'active' AND "inventories"."completed_date" IS NULL) OR ("inventories"."status" = 'completed' AND "inventories"."completed_date" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "inventory_count_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"group_item_id" integer NOT NULL,
	"inventory_id" integer,
	"on_hand" numeric(12, 2) NOT NULL,
	"on_hand_pack" numeric(12, 2) NOT NULL,
	"on_hand_uom" numeric(12, 2) NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"batch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_snapshot_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"group_item_id" integer NOT NULL,
	"list_id" integer NOT NULL,
	"list_name" text NOT NULL,
	"list_sort" integer NOT NULL,
	"group_id" integer NOT NULL,
	"group_name" text NOT NULL,
	"group_sort" integer NOT NULL,
	"group_purchased" numeric(14, 2) DEFAULT '0' NOT NULL,
	"item_sort" integer NOT NULL,
	"description" text NOT NULL,
	"distributor" text NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"unit_measure" text NOT NULL,
	"pack_size" text NOT NULL,
	"custom_pack_size" text,
	"pack_size_uom" text NOT NULL,
	"unit_quantity" numeric(12, 4) NOT NULL,
	"unit_size" numeric(12, 4) NOT NULL,
	"on_hand" numeric(12, 2) NOT NULL,
	"on_hand_pack" numeric(12, 2) NOT NULL,
	"on_hand_uom" numeric(12, 2) NOT NULL,
	"total_on_hand" numeric(14, 4) NOT NULL,
	"total_on_hand_amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_sync_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"batch_id" text NOT NULL,
	"user_id" integer,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_count_history" ADD CONSTRAINT "inventory_count_history_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_count_history" ADD CONSTRAINT "inventory_count_history_group_item_id_inventory_group_items_id_fk" FOREIGN KEY ("group_item_id") REFERENCES "public"."inventory_group_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_count_history" ADD CONSTRAINT "inventory_count_history_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_count_history" ADD CONSTRAINT "inventory_count_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_snapshot_items" ADD CONSTRAINT "inventory_snapshot_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_snapshot_items" ADD CONSTRAINT "inventory_snapshot_items_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_sync_batches" ADD CONSTRAINT "inventory_sync_batches_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_sync_batches" ADD CONSTRAINT "inventory_sync_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventories_location_start_idx" ON "inventories" USING btree ("location_id","start_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventories_one_active_idx" ON "inventories" USING btree ("location_id") WHERE "inventories"."status" = 'active';--> statement-breakpoint
CREATE INDEX "inventory_count_history_item_idx" ON "inventory_count_history" USING btree ("location_id","group_item_id","counted_at");--> statement-breakpoint
CREATE INDEX "inventory_snapshot_items_inventory_idx" ON "inventory_snapshot_items" USING btree ("location_id","inventory_id","list_sort","group_sort","item_sort");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_sync_batches_location_batch_idx" ON "inventory_sync_batches" USING btree ("location_id","batch_id");