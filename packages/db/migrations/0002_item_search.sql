-- Item search (ordering area): a lower-cased text of everything a buyer may type for an
-- item-distributor (name, distributor's description, brand, DIN, manufacturer, generic name,
-- category), kept by a trigger so every writer gets it, with a full-text vector for words and
-- prefixes and a trigram index for typos. Not declared in the Drizzle schema: only SQL reads them.
ALTER TABLE "item_distributors" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE FUNCTION item_distributors_fill_search_text() RETURNS trigger AS $$
BEGIN
  SELECT lower(concat_ws(' ', i.name, NEW.description, NEW.brand, NEW.din, i.manufacturer, i.generic_name, i.category))
    INTO NEW.search_text
    FROM items i
   WHERE i.id = NEW.item_id;
  NEW.search_text := coalesce(NEW.search_text, lower(concat_ws(' ', NEW.description, NEW.brand, NEW.din)));
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER item_distributors_search_text
  BEFORE INSERT OR UPDATE OF item_id, description, brand, din ON item_distributors
  FOR EACH ROW EXECUTE FUNCTION item_distributors_fill_search_text();
--> statement-breakpoint
ALTER TABLE "item_distributors" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "search_text")) STORED;
--> statement-breakpoint
CREATE INDEX "item_distributors_search_vector_idx" ON "item_distributors" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "item_distributors_search_trgm_idx" ON "item_distributors" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "location_items_location_purchased_idx" ON "location_items" ("location_id", "purchased_quantity" DESC, "item_distributor_id");
--> statement-breakpoint
CREATE INDEX "location_items_location_sort_idx" ON "location_items" ("location_id", "sort_index", "item_distributor_id");
