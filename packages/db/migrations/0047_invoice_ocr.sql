-- Issue 36, third slice: what OCR read on an order's invoice photo or PDF, kept as suggestions the
-- receiver confirms (nothing here changes the order). One reading per uploaded file; the suggestion
-- itself is JSON (money in integer cents) because it is only ever shown whole, never queried into.
CREATE TABLE "invoice_ocr_readings" (
  "id" serial PRIMARY KEY,
  "location_id" integer NOT NULL REFERENCES "locations"("id") ON DELETE CASCADE,
  "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "invoice_image_id" integer NOT NULL REFERENCES "order_invoice_images"("id") ON DELETE CASCADE,
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'done', 'failed')),
  "progress" smallint NOT NULL DEFAULT 0,
  "suggestion" jsonb,
  "error" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_ocr_readings_image_idx" ON "invoice_ocr_readings" ("invoice_image_id");
--> statement-breakpoint
CREATE INDEX "invoice_ocr_readings_order_idx" ON "invoice_ocr_readings" ("location_id", "order_id", "id");
