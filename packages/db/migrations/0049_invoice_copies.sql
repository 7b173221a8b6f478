-- Issue 36, fourth slice: one invoice, not two. A photo or PDF of an invoice (its OCR reading) is
-- linked to the electronic invoice it is a copy of, whichever arrived first; matched_by says how
-- (invoice-number, or total-date when OCR read no number). A reading without a link is a photo
-- whose electronic copy has not arrived; an invoice without a linked reading, one without its paper
-- copy. Deleting the invoice leaves the photo waiting again rather than deleting it.
ALTER TABLE "invoice_ocr_readings" ADD COLUMN "invoice_id" integer REFERENCES "invoices"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "invoice_ocr_readings" ADD COLUMN "copy_matched_by" text
  CHECK ("copy_matched_by" IN ('invoice-number', 'total-date'));
--> statement-breakpoint
CREATE INDEX "invoice_ocr_readings_invoice_idx" ON "invoice_ocr_readings" ("location_id", "invoice_id");
