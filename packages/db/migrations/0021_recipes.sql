CREATE TABLE "pos_item_recipes" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"recipe_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"item_name" text NOT NULL,
	"pos_category" text DEFAULT '' NOT NULL,
	"quantity_sold" numeric(12, 2) DEFAULT '0' NOT NULL,
	"quantity_void" numeric(12, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"source" text DEFAULT 'demo' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipe_ingredients" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"recipe_id" integer NOT NULL,
	"ingredient_type" text NOT NULL,
	"item_distributor_id" integer,
	"inventory_group_id" integer,
	"sub_recipe_id" integer,
	"recipe_amount" numeric(14, 4) NOT NULL,
	"recipe_amount_fraction" text NOT NULL,
	"recipe_pack_size_uom" text DEFAULT 'lb' NOT NULL,
	"recipe_pack_size_value" numeric(14, 4) DEFAULT '1' NOT NULL,
	"recipe_pack_size_fraction" text DEFAULT '1' NOT NULL,
	"conversion_pack_size_value" numeric(14, 4) DEFAULT '1' NOT NULL,
	"conversion_pack_size_fraction" text DEFAULT '1' NOT NULL,
	"conversion_pack_size_uom" text DEFAULT 'lb' NOT NULL,
	"waste_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"link_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipe_ingredients_kind_check" CHECK (("recipe_ingredients"."ingredient_type" = 'item' AND "recipe_ingredients"."item_distributor_id" IS NOT NULL) OR ("recipe_ingredients"."ingredient_type" = 'generic' AND "recipe_ingredients"."inventory_group_id" IS NOT NULL) OR ("recipe_ingredients"."ingredient_type" = 'subrecipe' AND "recipe_ingredients"."sub_recipe_id" IS NOT NULL)),
	CONSTRAINT "recipe_ingredients_waste_check" CHECK ("recipe_ingredients"."waste_percentage" >= 0 AND "recipe_ingredients"."waste_percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "recipe_menu_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"menu_category_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" numeric(12, 2),
	"description" text DEFAULT '' NOT NULL,
	"procedure" text DEFAULT '' NOT NULL,
	"is_sub_recipe" boolean DEFAULT false NOT NULL,
	"sub_recipe_yield" text,
	"sub_recipe_yield_uom" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pos_item_recipes" ADD CONSTRAINT "pos_item_recipes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_item_recipes" ADD CONSTRAINT "pos_item_recipes_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_item_distributor_id_item_distributors_id_fk" FOREIGN KEY ("item_distributor_id") REFERENCES "public"."item_distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_inventory_group_id_inventory_groups_id_fk" FOREIGN KEY ("inventory_group_id") REFERENCES "public"."inventory_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_sub_recipe_id_recipes_id_fk" FOREIGN KEY ("sub_recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_menu_categories" ADD CONSTRAINT "recipe_menu_categories_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_menu_category_id_recipe_menu_categories_id_fk" FOREIGN KEY ("menu_category_id") REFERENCES "public"."recipe_menu_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_item_recipes_location_item_idx" ON "pos_item_recipes" USING btree ("location_id",lower("item_name"));--> statement-breakpoint
CREATE INDEX "pos_item_recipes_recipe_idx" ON "pos_item_recipes" USING btree ("recipe_id");--> statement-breakpoint
CREATE INDEX "pos_sales_location_date_idx" ON "pos_sales" USING btree ("location_id","business_date");--> statement-breakpoint
CREATE INDEX "pos_sales_location_item_idx" ON "pos_sales" USING btree ("location_id",lower("item_name"),"business_date");--> statement-breakpoint
CREATE INDEX "recipe_ingredients_location_recipe_idx" ON "recipe_ingredients" USING btree ("location_id","recipe_id");--> statement-breakpoint
CREATE INDEX "recipe_ingredients_sub_recipe_idx" ON "recipe_ingredients" USING btree ("sub_recipe_id");--> statement-breakpoint
CREATE INDEX "recipe_ingredients_item_idx" ON "recipe_ingredients" USING btree ("location_id","item_distributor_id");--> statement-breakpoint
CREATE INDEX "recipe_ingredients_group_idx" ON "recipe_ingredients" USING btree ("inventory_group_id");--> statement-breakpoint
CREATE INDEX "recipe_menu_categories_location_idx" ON "recipe_menu_categories" USING btree ("location_id",lower("name"));--> statement-breakpoint
CREATE INDEX "recipes_location_category_name_idx" ON "recipes" USING btree ("location_id","menu_category_id",lower("name"));--> statement-breakpoint
CREATE INDEX "recipes_location_sub_recipe_idx" ON "recipes" USING btree ("location_id","is_sub_recipe");