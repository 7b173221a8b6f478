-- Issue 40 (barcodes): a buyer links a scanned GTIN to one of the location's offers; a later scan of
-- that code, or of the case or unit sharing its 12-digit lookup key, finds the offer. Per location.
CREATE TABLE "item_barcodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"lookup_key" text NOT NULL,
	"gtin" text NOT NULL,
	"item_distributor_id" integer NOT NULL,
	"linked_by" integer,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_barcodes_lookup_key_digits" CHECK ("lookup_key" ~ '^[0-9]{12}$'),
	CONSTRAINT "item_barcodes_gtin_digits" CHECK ("gtin" ~ '^[0-9]{12,14}$')
);
--> statement-breakpoint
ALTER TABLE "item_barcodes" ADD CONSTRAINT "item_barcodes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_barcodes" ADD CONSTRAINT "item_barcodes_item_distributor_id_item_distributors_id_fk" FOREIGN KEY ("item_distributor_id") REFERENCES "public"."item_distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_barcodes" ADD CONSTRAINT "item_barcodes_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_barcodes_location_key_idx" ON "item_barcodes" USING btree ("location_id","lookup_key");--> statement-breakpoint
CREATE INDEX "item_barcodes_location_offer_idx" ON "item_barcodes" USING btree ("location_id","item_distributor_id");
