-- Order-guide import a buyer can trust (issue 31). An upload asked with preview stops after reading
-- its file: `preview` keeps what was read (first rows, counts new/changed/unchanged/refused/removed)
-- and the staged lines wait in order_guide_upload_lines until the buyer applies or cancels.
-- `refused_count` counts every refused row (row_errors keeps the first 10,000, for the csv).
ALTER TABLE "order_guide_uploads" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_guide_uploads" ADD COLUMN "preview" jsonb;
--> statement-breakpoint
ALTER TABLE "order_guide_uploads" ADD COLUMN "refused_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A column mapping a buyer made is that location's template for the distributor; null: the
-- operator's (npm run template), for every location.
ALTER TABLE "order_guide_templates" ADD COLUMN "location_id" integer REFERENCES "locations" ("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "order_guide_templates_location_idx" ON "order_guide_templates" ("location_id", "distributor_id");
