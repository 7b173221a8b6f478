CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"nickname" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"spinner_image_url" text,
	"favico" text DEFAULT '' NOT NULL,
	"main_color" text DEFAULT '#1f6f5c' NOT NULL,
	"secondary_color" text DEFAULT '#f2a541' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"nickname" text NOT NULL,
	"timezone" text DEFAULT 'America/New_York' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"can_place_order" boolean DEFAULT true NOT NULL,
	"display_accounting" boolean DEFAULT false NOT NULL,
	"display_recipe_costing" boolean DEFAULT false NOT NULL,
	"display_comparison_view" boolean DEFAULT false NOT NULL,
	"display_shopping_cart" boolean DEFAULT true NOT NULL,
	"display_rebate" boolean DEFAULT false NOT NULL,
	"display_match" boolean DEFAULT false NOT NULL,
	"display_inventory" boolean DEFAULT false NOT NULL,
	"active_inventory_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"throttle_key" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_locations" (
	"user_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "user_locations_user_id_location_id_pk" PRIMARY KEY("user_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"edit_comparison_view" boolean DEFAULT true NOT NULL,
	"active_location_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distributors" (
	"id" integer PRIMARY KEY NOT NULL,
	"nickname" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT 'America/New_York' NOT NULL,
	"is_dsr_editable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_distributors" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"din" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pack_size" text NOT NULL,
	"unit_quantity" integer NOT NULL,
	"unit_size" numeric(12, 4) NOT NULL,
	"pack_size_uom" text NOT NULL,
	"unit_measure" text DEFAULT 'CS' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_catch_weight" boolean DEFAULT false NOT NULL,
	"is_fixed_weight" boolean DEFAULT false NOT NULL,
	"is_market_price" boolean DEFAULT false NOT NULL,
	"is_unpurchasable" boolean DEFAULT false NOT NULL,
	"is_partner" boolean DEFAULT false NOT NULL,
	"rebate" numeric(12, 2) DEFAULT '0' NOT NULL,
	"average_weight" numeric(12, 4),
	"image_url" text DEFAULT '' NOT NULL,
	"brand_image_url" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"generic_name" text NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"manufacturer_code" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_distributors" (
	"location_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"customer_number" text DEFAULT '' NOT NULL,
	"min_order_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"skip_min_order" boolean DEFAULT false NOT NULL,
	"is_min_order_amount_required" boolean DEFAULT false NOT NULL,
	"accept_cc" smallint DEFAULT 0 NOT NULL,
	"is_delivery" smallint DEFAULT 0 NOT NULL,
	"delivery_weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"payable_terms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "location_distributors_location_id_distributor_id_pk" PRIMARY KEY("location_id","distributor_id")
);
--> statement-breakpoint
CREATE TABLE "location_items" (
	"location_id" integer NOT NULL,
	"item_distributor_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"order_guide_id" integer,
	"price" numeric(12, 2) NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"end_date" date,
	"is_punched_out" boolean DEFAULT false NOT NULL,
	"purchased_price" numeric(12, 2),
	"invoice_date" date,
	"is_price_outdated" boolean DEFAULT false NOT NULL,
	"sort_index" integer,
	"purchased_quantity" integer DEFAULT 0 NOT NULL,
	"last_purchased_date" date,
	"last_purchased_qty" integer,
	"last_purchased_price" numeric(12, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_items_location_id_item_distributor_id_pk" PRIMARY KEY("location_id","item_distributor_id")
);
--> statement-breakpoint
CREATE TABLE "order_guide_items" (
	"order_guide_id" integer NOT NULL,
	"item_distributor_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "order_guide_items_order_guide_id_item_distributor_id_pk" PRIMARY KEY("order_guide_id","item_distributor_id")
);
--> statement-breakpoint
CREATE TABLE "order_guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"item_distributor_id" integer,
	"quantity" integer NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"special_distributor_id" integer,
	"special_description" text,
	"special_uom" text,
	"swap_accept_id" integer,
	"updated_by" integer,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"last_modified" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"item_distributor_id" integer,
	"is_special" boolean DEFAULT false NOT NULL,
	"description" text NOT NULL,
	"din" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"pack_size" text DEFAULT '' NOT NULL,
	"unit_measure" text DEFAULT 'CS' NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"is_market_price" boolean DEFAULT false NOT NULL,
	"rebate" numeric(12, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'submitted' NOT NULL,
	"custom_invoice_id" text,
	"requested_delivery_date" date,
	"requested_delivery_time" text,
	"notes" text DEFAULT '' NOT NULL,
	"payment_type" text DEFAULT 'terms' NOT NULL,
	"payment_token" text,
	"line_items" integer DEFAULT 0 NOT NULL,
	"subtotal" numeric(12, 2) DEFAULT '0' NOT NULL,
	"delivery_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_rebates" numeric(12, 2) DEFAULT '0' NOT NULL,
	"timezone" text DEFAULT 'America/New_York' NOT NULL,
	"idempotency_key" text,
	"purchase_order_url" text,
	"purchase_order_url_excel" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_active_location_id_locations_id_fk" FOREIGN KEY ("active_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_distributors" ADD CONSTRAINT "item_distributors_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_distributors" ADD CONSTRAINT "item_distributors_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_distributors" ADD CONSTRAINT "location_distributors_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_distributors" ADD CONSTRAINT "location_distributors_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_items" ADD CONSTRAINT "location_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_items" ADD CONSTRAINT "location_items_item_distributor_id_item_distributors_id_fk" FOREIGN KEY ("item_distributor_id") REFERENCES "public"."item_distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_items" ADD CONSTRAINT "location_items_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_items" ADD CONSTRAINT "location_items_order_guide_id_order_guides_id_fk" FOREIGN KEY ("order_guide_id") REFERENCES "public"."order_guides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_items" ADD CONSTRAINT "order_guide_items_order_guide_id_order_guides_id_fk" FOREIGN KEY ("order_guide_id") REFERENCES "public"."order_guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_items" ADD CONSTRAINT "order_guide_items_item_distributor_id_item_distributors_id_fk" FOREIGN KEY ("item_distributor_id") REFERENCES "public"."item_distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_items" ADD CONSTRAINT "order_guide_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guides" ADD CONSTRAINT "order_guides_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guides" ADD CONSTRAINT "order_guides_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_item_distributor_id_item_distributors_id_fk" FOREIGN KEY ("item_distributor_id") REFERENCES "public"."item_distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_special_distributor_id_distributors_id_fk" FOREIGN KEY ("special_distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_item_distributor_id_item_distributors_id_fk" FOREIGN KEY ("item_distributor_id") REFERENCES "public"."item_distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_company_idx" ON "locations" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_failures_key_idx" ON "sign_in_failures" USING btree ("throttle_key","failed_at");--> statement-breakpoint
CREATE INDEX "user_locations_location_idx" ON "user_locations" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "item_distributors_distributor_din_idx" ON "item_distributors" USING btree ("distributor_id","din");--> statement-breakpoint
CREATE INDEX "item_distributors_item_idx" ON "item_distributors" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "items_generic_idx" ON "items" USING btree ("generic_name");--> statement-breakpoint
CREATE INDEX "items_manufacturer_code_idx" ON "items" USING btree ("manufacturer_code");--> statement-breakpoint
CREATE INDEX "location_distributors_distributor_idx" ON "location_distributors" USING btree ("distributor_id");--> statement-breakpoint
CREATE INDEX "location_items_location_distributor_idx" ON "location_items" USING btree ("location_id","distributor_id");--> statement-breakpoint
CREATE INDEX "order_guides_location_distributor_idx" ON "order_guides" USING btree ("location_id","distributor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_location_item_idx" ON "cart_items" USING btree ("location_id","item_distributor_id") WHERE "cart_items"."item_distributor_id" is not null;--> statement-breakpoint
CREATE INDEX "cart_items_location_idx" ON "cart_items" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_location_item_idx" ON "order_items" USING btree ("location_id","item_distributor_id");--> statement-breakpoint
CREATE INDEX "orders_location_created_idx" ON "orders" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("location_id","idempotency_key");