-- The place-order list's read model (issue 13): per location and offer, everything the list reads,
-- filters and sorts by, so a page of any sort is an index range of about `limit` rows. Maintained by
-- refreshLocationReadModel (packages/db/src/read-model/read-model.ts) in the transaction of every
-- write that changes it; the triggers below only mark what changed, so a write made outside the
-- application (SQL by hand, a loader) is caught up by the next read of the location. Not declared in
-- the Drizzle schema: only SQL reads and writes these tables.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE TABLE "location_item_reads" (
  "location_id" integer NOT NULL REFERENCES "locations" ("id") ON DELETE CASCADE,
  "item_distributor_id" integer NOT NULL,
  "distributor_id" integer NOT NULL,
  "name" text NOT NULL,
  "name_key" text COLLATE "C" NOT NULL,
  "generic" text NOT NULL,
  "code" text NOT NULL,
  "din" text NOT NULL,
  "search_text" text NOT NULL,
  "search_vector" tsvector NOT NULL,
  "effective_price" numeric(12, 2) NOT NULL,
  "unit_price" numeric(14, 4) NOT NULL,
  "end_date" date,
  "purchased_quantity" integer NOT NULL,
  "last_purchased_date" date,
  "last_purchased_qty" integer,
  "last_purchased_price" numeric(12, 2),
  "sort_index" integer,
  "is_purchased" boolean NOT NULL,
  "is_punched_out" boolean NOT NULL,
  "is_on_order_guide" boolean NOT NULL,
  "is_from_invoice" boolean NOT NULL,
  "is_price_outdated" boolean NOT NULL,
  "match_id" integer,
  "match_is_exact" boolean,
  "best_savings" integer NOT NULL,
  "saving_items" integer NOT NULL,
  "best_saving_id" integer,
  PRIMARY KEY ("location_id", "item_distributor_id")
);
--> statement-breakpoint
-- One index per sort of doc 1 §9, each ending in the tie-breakers the list orders by.
CREATE INDEX "location_item_reads_name_idx" ON "location_item_reads" ("location_id", "name_key", "item_distributor_id");
--> statement-breakpoint
CREATE INDEX "location_item_reads_name_desc_idx" ON "location_item_reads" ("location_id", "name_key" DESC, "item_distributor_id");
--> statement-breakpoint
CREATE INDEX "location_item_reads_price_idx" ON "location_item_reads" ("location_id", "effective_price", "name_key", "item_distributor_id");
--> statement-breakpoint
CREATE INDEX "location_item_reads_price_desc_idx" ON "location_item_reads" ("location_id", "effective_price" DESC, "name_key", "item_distributor_id");
--> statement-breakpoint
CREATE INDEX "location_item_reads_purchased_idx" ON "location_item_reads" ("location_id", "purchased_quantity" DESC, "name_key", "item_distributor_id");
--> statement-breakpoint
CREATE INDEX "location_item_reads_savings_idx" ON "location_item_reads" ("location_id", "best_savings" DESC, "name_key", "item_distributor_id");
--> statement-breakpoint
CREATE INDEX "location_item_reads_custom_idx" ON "location_item_reads" ("location_id", "sort_index", "name_key", "item_distributor_id");
--> statement-breakpoint
-- Filters, the DIN search, the savings peers a write must refresh, and the search itself.
CREATE INDEX "location_item_reads_distributor_idx" ON "location_item_reads" ("location_id", "distributor_id", "purchased_quantity");
--> statement-breakpoint
CREATE INDEX "location_item_reads_din_idx" ON "location_item_reads" ("location_id", lower("din"));
--> statement-breakpoint
CREATE INDEX "location_item_reads_generic_idx" ON "location_item_reads" ("location_id", "generic");
--> statement-breakpoint
CREATE INDEX "location_item_reads_code_idx" ON "location_item_reads" ("location_id", "code") WHERE "code" <> '';
--> statement-breakpoint
CREATE INDEX "location_item_reads_search_idx" ON "location_item_reads" USING gin ("location_id", "search_vector");
--> statement-breakpoint
CREATE INDEX "location_item_reads_trgm_idx" ON "location_item_reads" USING gin ("location_id", "search_text" gin_trgm_ops);
--> statement-breakpoint
-- Totals for `_meta` per location and distributor, kept with the rows.
CREATE TABLE "location_item_read_counts" (
  "location_id" integer NOT NULL REFERENCES "locations" ("id") ON DELETE CASCADE,
  "distributor_id" integer NOT NULL,
  "offers" integer NOT NULL,
  "purchased" integer NOT NULL,
  PRIMARY KEY ("location_id", "distributor_id")
);
--> statement-breakpoint
-- The location's date the effective prices were computed for (they turn when an end date passes).
CREATE TABLE "location_item_read_state" (
  "location_id" integer PRIMARY KEY REFERENCES "locations" ("id") ON DELETE CASCADE,
  "priced_on" date NOT NULL
);
--> statement-breakpoint
-- Offers changed since their rows were written; refreshLocationReadModel empties it for the location.
CREATE TABLE "location_item_read_dirty" (
  "location_id" integer NOT NULL,
  "item_distributor_id" integer NOT NULL,
  PRIMARY KEY ("location_id", "item_distributor_id")
);
--> statement-breakpoint
CREATE FUNCTION location_item_reads_mark_new() RETURNS trigger AS $$
BEGIN
  INSERT INTO location_item_read_dirty (location_id, item_distributor_id)
    SELECT DISTINCT location_id, item_distributor_id FROM new_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION location_item_reads_mark_old() RETURNS trigger AS $$
BEGIN
  INSERT INTO location_item_read_dirty (location_id, item_distributor_id)
    SELECT DISTINCT location_id, item_distributor_id FROM old_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER location_items_reads_insert AFTER INSERT ON location_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION location_item_reads_mark_new();
--> statement-breakpoint
CREATE TRIGGER location_items_reads_update AFTER UPDATE ON location_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION location_item_reads_mark_new();
--> statement-breakpoint
CREATE TRIGGER location_items_reads_delete AFTER DELETE ON location_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION location_item_reads_mark_old();
--> statement-breakpoint
-- A rejected pair changes the old item's best match.
CREATE FUNCTION item_swaps_reads_mark() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO location_item_read_dirty (location_id, item_distributor_id)
      SELECT DISTINCT location_id, old_item_distributor_id FROM new_rows WHERE type = 'reject'
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO location_item_read_dirty (location_id, item_distributor_id)
      SELECT DISTINCT location_id, old_item_distributor_id FROM old_rows WHERE type = 'reject'
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER item_swaps_reads_insert AFTER INSERT ON item_swaps
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_swaps_reads_mark();
--> statement-breakpoint
CREATE TRIGGER item_swaps_reads_update AFTER UPDATE ON item_swaps
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_swaps_reads_mark();
--> statement-breakpoint
CREATE TRIGGER item_swaps_reads_delete AFTER DELETE ON item_swaps
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION item_swaps_reads_mark();
--> statement-breakpoint
-- A catalogue change (an offer's pack or flags, an item's name or generic product) reaches every
-- location that lists the offer.
CREATE FUNCTION item_distributors_reads_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO location_item_read_dirty (location_id, item_distributor_id)
    SELECT DISTINCT li.location_id, li.item_distributor_id FROM new_rows n JOIN location_items li ON li.item_distributor_id = n.id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER item_distributors_reads_update AFTER UPDATE ON item_distributors
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_distributors_reads_mark();
--> statement-breakpoint
CREATE FUNCTION items_reads_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO location_item_read_dirty (location_id, item_distributor_id)
    SELECT DISTINCT li.location_id, li.item_distributor_id
      FROM new_rows n JOIN item_distributors d ON d.item_id = n.id JOIN location_items li ON li.item_distributor_id = d.id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER items_reads_update AFTER UPDATE ON items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION items_reads_mark();
