CREATE TABLE "cart_item_deletions" (
	"cart_item_id" integer PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"item_distributor_id" integer,
	"name" text NOT NULL,
	"deleted_at" timestamp (6) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_item_deletions" ADD CONSTRAINT "cart_item_deletions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_item_deletions_location_item_idx" ON "cart_item_deletions" USING btree ("location_id","item_distributor_id");--> statement-breakpoint
CREATE INDEX "cart_item_deletions_location_deleted_idx" ON "cart_item_deletions" USING btree ("location_id","deleted_at");