-- Issue 36 (invoices in): electronic invoices (X12 810) and invoice files imported against an order
-- of the location. One row per distributor invoice, keyed by location, distributor and invoice
-- number so importing it again changes nothing; its lines keep what was billed and which order
-- line each one matched (null: listed as unmatched). A case's UPC on the distributor's offer lets
-- an invoice line without the distributor's item number still match by UPC.
ALTER TABLE "item_distributors" ADD COLUMN "upc" text;--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"order_id" integer,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"po_number" text,
	"po_date" date,
	"terms" jsonb,
	"format" text NOT NULL,
	"matched_by" text NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"imported_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"location_id" integer NOT NULL,
	"item_number" text,
	"upc" text,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_code" text NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"order_item_id" integer,
	"matched_by" text,
	CONSTRAINT "invoice_lines_invoice_id_line_number_pk" PRIMARY KEY("invoice_id","line_number")
);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_location_distributor_number_idx" ON "invoices" USING btree ("location_id","distributor_id","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_location_order_idx" ON "invoices" USING btree ("location_id","order_id");
