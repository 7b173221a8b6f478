CREATE TABLE "accounting_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_gl_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_accountings" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"item_distributor_id" integer NOT NULL,
	"supplier_id" integer,
	"category_id" integer,
	"gl_code_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_categories" ADD CONSTRAINT "accounting_categories_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_gl_codes" ADD CONSTRAINT "accounting_gl_codes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_suppliers" ADD CONSTRAINT "accounting_suppliers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accountings" ADD CONSTRAINT "merchant_accountings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accountings" ADD CONSTRAINT "merchant_accountings_item_distributor_id_item_distributors_id_fk" FOREIGN KEY ("item_distributor_id") REFERENCES "public"."item_distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accountings" ADD CONSTRAINT "merchant_accountings_supplier_id_accounting_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."accounting_suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accountings" ADD CONSTRAINT "merchant_accountings_category_id_accounting_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."accounting_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accountings" ADD CONSTRAINT "merchant_accountings_gl_code_id_accounting_gl_codes_id_fk" FOREIGN KEY ("gl_code_id") REFERENCES "public"."accounting_gl_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_categories_location_name_idx" ON "accounting_categories" USING btree ("location_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_gl_codes_location_code_idx" ON "accounting_gl_codes" USING btree ("location_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_suppliers_location_name_idx" ON "accounting_suppliers" USING btree ("location_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_accountings_location_item_idx" ON "merchant_accountings" USING btree ("location_id","item_distributor_id");--> statement-breakpoint
CREATE INDEX "merchant_accountings_supplier_idx" ON "merchant_accountings" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "merchant_accountings_category_idx" ON "merchant_accountings" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "merchant_accountings_gl_code_idx" ON "merchant_accountings" USING btree ("gl_code_id");