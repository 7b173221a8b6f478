-- Issue 36, fifth slice: photos and PDFs arriving by e-mail are read too, and a waiting photo can be
-- dismissed. An e-mailed photo belongs to no order (the mail names only the location), so the file
-- and its reading lose their NOT NULL order; the sender's address is kept on the file, as on an
-- imported invoice. A dismissed reading ("not an invoice we expect an electronic copy for") leaves
-- the waiting list but is kept, and still joins its electronic copy should one arrive after all.
ALTER TABLE "order_invoice_images" ALTER COLUMN "order_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_invoice_images" ADD COLUMN "sender_email" text;
--> statement-breakpoint
ALTER TABLE "invoice_ocr_readings" ALTER COLUMN "order_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoice_ocr_readings" ADD COLUMN "dismissed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "invoice_ocr_readings" ADD COLUMN "dismissed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- A file with no order changes no order's page: nothing to tell the order's live stream.
CREATE OR REPLACE FUNCTION live_events_invoice_changed() RETURNS trigger AS $$
DECLARE
  changed order_invoice_images%ROWTYPE;
BEGIN
  changed := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  IF changed.order_id IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('stockpot_live', json_build_object(
    'type', 'order', 'locationId', changed.location_id, 'orderId', changed.order_id)::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
