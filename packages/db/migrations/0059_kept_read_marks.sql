-- Kept reads (issue 38): a server process keeps the JSON text of an answer it built from a
-- location's data (the place-order list's pages and search suggestions, an order guide's price
-- changes) and serves it again while the location's kept-read generation is the one it was built
-- under and no write has marked the location since. The check is read with the session
-- (locationContextSql), so a kept answer costs no statement of its own. Hand-written, like the
-- inventory view's stored answers (0028), whose unkeyed marks it copies: an insert never waits for
-- another transaction's uncommitted mark. The generation only moves under the per-location advisory
-- lock of a rebuild (apps/api/src/platform/kept-reads.*), never in a writer's transaction.
CREATE SEQUENCE "kept_read_generation_seq";
--> statement-breakpoint
CREATE TABLE "kept_read_generations" (
  "location_id" integer PRIMARY KEY,
  "generation" bigint NOT NULL DEFAULT nextval('kept_read_generation_seq')
);
--> statement-breakpoint
CREATE TABLE "kept_read_marks" (
  "location_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kept_read_marks_location_idx" ON "kept_read_marks" ("location_id");
--> statement-breakpoint
-- A change of a row of a location-scoped table a kept read reads marks the row's location (old and
-- new: a row may move). Over-marking costs one recompute; a missed mark would serve a stale page.
CREATE FUNCTION kept_read_mark() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO kept_read_marks (location_id) SELECT DISTINCT location_id FROM new_rows WHERE location_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO kept_read_marks (location_id) SELECT DISTINCT location_id FROM old_rows WHERE location_id IS NOT NULL;
  ELSE
    INSERT INTO kept_read_marks (location_id)
      SELECT location_id FROM new_rows WHERE location_id IS NOT NULL
      UNION SELECT location_id FROM old_rows WHERE location_id IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- TRUNCATE has no rows to read, and the kept answers are in the servers' memory: every location is marked.
CREATE FUNCTION kept_read_mark_all() RETURNS trigger AS $$
BEGIN
  INSERT INTO kept_read_marks (location_id) SELECT id FROM locations;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The location-scoped tables the kept reads read: the location's offers and their read model with
-- its per-distributor counts (prices, sort keys, tags, purchase statistics, matches), the swaps and
-- rejects the matches follow, the cart (each list row's caseQuantity), the inventory view's groups
-- and their items (belongsToGroup; the price changes' cheaper options), and the order guides with
-- their lines (the price changes). Reads of other tables (a list filtered by past orders or shopping
-- lists) are never kept.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['location_items', 'location_item_reads', 'location_item_read_counts', 'item_swaps',
    'cart_items', 'inventory_groups', 'inventory_group_items', 'order_guides', 'order_guide_items']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark()', t || '_kept_read_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark()', t || '_kept_read_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark()', t || '_kept_read_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark_all()', t || '_kept_read_truncate', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A location's flags (display_match, display_rebate) and time zone (its calendar date).
CREATE FUNCTION locations_kept_read_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO kept_read_marks (location_id) SELECT id FROM new_rows UNION SELECT id FROM old_rows;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER locations_kept_read_update AFTER UPDATE ON locations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION locations_kept_read_mark();
--> statement-breakpoint
-- The shared catalogue: an offer's or an item's change (name, pack, flags, status, rebate, images)
-- marks every location that lists it; a distributor's (its nickname) marks every location. New
-- offers and items mark nothing until a location lists them (location_items above); a deleted one
-- takes its location_items rows with it (the cascade fires their trigger).
CREATE FUNCTION item_distributors_kept_read_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO kept_read_marks (location_id)
    SELECT DISTINCT li.location_id FROM new_rows n JOIN location_items li ON li.item_distributor_id = n.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER item_distributors_kept_read_update AFTER UPDATE ON item_distributors
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_distributors_kept_read_mark();
--> statement-breakpoint
CREATE FUNCTION items_kept_read_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO kept_read_marks (location_id)
    SELECT DISTINCT li.location_id
      FROM new_rows n JOIN item_distributors d ON d.item_id = n.id JOIN location_items li ON li.item_distributor_id = d.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER items_kept_read_update AFTER UPDATE ON items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION items_kept_read_mark();
--> statement-breakpoint
CREATE TRIGGER distributors_kept_read_update AFTER UPDATE ON distributors
  FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark_all();
--> statement-breakpoint
CREATE TRIGGER item_distributors_kept_read_truncate AFTER TRUNCATE ON item_distributors
  FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark_all();
--> statement-breakpoint
CREATE TRIGGER items_kept_read_truncate AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark_all();
--> statement-breakpoint
CREATE TRIGGER distributors_kept_read_truncate AFTER TRUNCATE ON distributors
  FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark_all();
