-- Issue 36, second slice: invoices by e-mail. Each location gets its own unguessable token for its
-- invoice address (invoices+<token>@INBOUND_MAIL_DOMAIN): 122 random bits from gen_random_uuid (core
-- since PostgreSQL 13, no pgcrypto), never the location id, so an address cannot be guessed from another.
ALTER TABLE "locations" ADD COLUMN "invoice_mail_token" text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
--> statement-breakpoint
CREATE UNIQUE INDEX "locations_invoice_mail_token_idx" ON "locations" ("invoice_mail_token");
--> statement-breakpoint
-- Who sent an invoice that came by e-mail (the message's From address); null for an upload.
ALTER TABLE "invoices" ADD COLUMN "sender_email" text;
