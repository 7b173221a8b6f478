-- Issue 36, fourth slice: one invoice, not two, and several hundred invoices imported at once.
-- A photo or PDF of an invoice (its OCR reading) is
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
--> statement-breakpoint
-- Several hundred invoices at once: a batch of files, each imported by its own job (queue
-- invoice-import) in its own transaction, so the upload answers at once and the batch shows its
-- progress. A file's bytes are kept only until its job has run.
CREATE TABLE "invoice_import_batches" (
  "id" serial PRIMARY KEY,
  "location_id" integer NOT NULL REFERENCES "locations"("id") ON DELETE CASCADE,
  "distributor_id" integer REFERENCES "distributors"("id"),
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "invoice_import_batches_location_idx" ON "invoice_import_batches" ("location_id", "id");
--> statement-breakpoint
CREATE TABLE "invoice_import_files" (
  "id" serial PRIMARY KEY,
  "location_id" integer NOT NULL REFERENCES "locations"("id") ON DELETE CASCADE,
  "batch_id" integer NOT NULL REFERENCES "invoice_import_batches"("id") ON DELETE CASCADE,
  "file_name" text NOT NULL,
  "kind" text NOT NULL,
  "content" bytea,
  "status" text NOT NULL DEFAULT 'queued' CHECK ("status" IN ('queued', 'imported', 'already-imported', 'failed')),
  "result" jsonb,
  "error" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "invoice_import_files_batch_idx" ON "invoice_import_files" ("location_id", "batch_id", "id");
