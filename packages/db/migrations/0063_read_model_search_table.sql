-- Issue 38: an order moves the purchase statistics of its offers in the read model (purchased
-- quantity, a sort key, so the update is never HOT). Every new row version went into all of the
-- table's indexes, two of them GIN over the search columns (the location's words, the trigrams of
-- about 140 characters of search text): at chain scale that update was the largest part of an order
-- submission (auto_explain: 13.6 ms mean when over 4 ms, the trigram index's pending list at its
-- limit). The search columns move to their own table, one row per location and offer like the read
-- model's, written only when the offer's searchable text changes; a purchase, a price or a savings
-- match no longer touches them. A search finds its offers here and joins the read model's row by
-- its key.
CREATE TABLE "location_item_searches" (
  "location_id" integer NOT NULL REFERENCES "locations" ("id") ON DELETE CASCADE,
  "item_distributor_id" integer NOT NULL,
  "din" text NOT NULL,
  "search_text" text NOT NULL,
  "search_vector" tsvector NOT NULL,
  "location_search_vector" tsvector GENERATED ALWAYS AS (location_words("location_id", "search_vector")) STORED,
  PRIMARY KEY ("location_id", "item_distributor_id")
);
--> statement-breakpoint
INSERT INTO "location_item_searches" ("location_id", "item_distributor_id", "din", "search_text", "search_vector")
  SELECT "location_id", "item_distributor_id", "din", "search_text", "search_vector" FROM "location_item_reads";
--> statement-breakpoint
CREATE INDEX "location_item_searches_words_idx" ON "location_item_searches" USING gin ("location_id", "location_search_vector");
--> statement-breakpoint
CREATE INDEX "location_item_searches_trgm_idx" ON "location_item_searches" USING gin ("location_id", "search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "location_item_searches_din_idx" ON "location_item_searches" ("location_id", lower("din"));
--> statement-breakpoint
DROP INDEX "location_item_reads_location_search_idx";
--> statement-breakpoint
DROP INDEX "location_item_reads_trgm_idx";
--> statement-breakpoint
DROP INDEX "location_item_reads_din_idx";
--> statement-breakpoint
ALTER TABLE "location_item_reads" DROP COLUMN "location_search_vector", DROP COLUMN "search_vector", DROP COLUMN "search_text";
--> statement-breakpoint
-- The kept reads (0059) read the search table too: its changes mark the location like the read model's.
CREATE TRIGGER "location_item_searches_kept_read_insert" AFTER INSERT ON "location_item_searches"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark();
--> statement-breakpoint
CREATE TRIGGER "location_item_searches_kept_read_update" AFTER UPDATE ON "location_item_searches"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark();
--> statement-breakpoint
CREATE TRIGGER "location_item_searches_kept_read_delete" AFTER DELETE ON "location_item_searches"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark();
--> statement-breakpoint
CREATE TRIGGER "location_item_searches_kept_read_truncate" AFTER TRUNCATE ON "location_item_searches"
  FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark_all();
--> statement-breakpoint
ANALYZE "location_item_searches";
