CREATE TABLE "inventory_group_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_distributor_id" integer,
	"sub_recipe_id" integer,
	"description" text,
	"distributor_name" text,
	"unit_measure" text,
	"price" numeric(12, 2),
	"din" text,
	"brand" text,
	"custom_pack_size" text,
	"is_preferred" boolean DEFAULT false NOT NULL,
	"auto_added" boolean DEFAULT false NOT NULL,
	"on_hand" numeric(12, 2) DEFAULT '0' NOT NULL,
	"on_hand_pack" numeric(12, 2) DEFAULT '0' NOT NULL,
	"on_hand_uom" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_on_hand" numeric(14, 4) DEFAULT '0' NOT NULL,
	"total_on_hand_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_group_items_kind_check" CHECK (("inventory_group_items"."kind" = 'item' AND "inventory_group_items"."item_distributor_id" IS NOT NULL) OR ("inventory_group_items"."kind" = 'custom' AND "inventory_group_items"."description" IS NOT NULL) OR ("inventory_group_items"."kind" = 'subrecipe' AND "inventory_group_items"."sub_recipe_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "inventory_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"inventory_list_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL,
	"par_level" numeric(12, 2) DEFAULT '0' NOT NULL,
	"unit_id" integer DEFAULT 1 NOT NULL,
	"expand" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_groups_par_level_check" CHECK ("inventory_groups"."par_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"on_inventory" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_group_items" ADD CONSTRAINT "inventory_group_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_group_items" ADD CONSTRAINT "inventory_group_items_group_id_inventory_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."inventory_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_group_items" ADD CONSTRAINT "inventory_group_items_item_distributor_id_item_distributors_id_fk" FOREIGN KEY ("item_distributor_id") REFERENCES "public"."item_distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_groups" ADD CONSTRAINT "inventory_groups_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_groups" ADD CONSTRAINT "inventory_groups_inventory_list_id_inventory_lists_id_fk" FOREIGN KEY ("inventory_list_id") REFERENCES "public"."inventory_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lists" ADD CONSTRAINT "inventory_lists_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lists" ADD CONSTRAINT "inventory_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_group_items_group_item_idx" ON "inventory_group_items" USING btree ("group_id","item_distributor_id") WHERE "inventory_group_items"."item_distributor_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "inventory_group_items_location_group_idx" ON "inventory_group_items" USING btree ("location_id","group_id");--> statement-breakpoint
CREATE INDEX "inventory_group_items_location_item_idx" ON "inventory_group_items" USING btree ("location_id","item_distributor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_groups_list_name_idx" ON "inventory_groups" USING btree ("inventory_list_id",lower("name"));--> statement-breakpoint
CREATE INDEX "inventory_groups_location_list_sort_idx" ON "inventory_groups" USING btree ("location_id","inventory_list_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_lists_location_name_idx" ON "inventory_lists" USING btree ("location_id",lower("name"));