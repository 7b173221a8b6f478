-- The place-order list's kept answers (issue 38): a server process keeps the JSON text of a page of
-- GET items it built, and serves it again while the location's list generation is the one it was
-- built under and no write has marked the location since. The check is read with the session
-- (locationContextSql), so a kept page costs no statement of its own. Hand-written, like the
-- inventory view's stored answers (0028), whose unkeyed marks it copies: an insert never waits for
-- another transaction's uncommitted mark. The generation only moves under the list's per-location
-- advisory lock (apps/api/src/features/catalog/list-answers.*), never in a writer's transaction.
CREATE SEQUENCE "list_answer_generations";
--> statement-breakpoint
CREATE TABLE "list_view_generations" (
  "location_id" integer PRIMARY KEY,
  "generation" bigint NOT NULL DEFAULT nextval('list_answer_generations')
);
--> statement-breakpoint
CREATE TABLE "list_view_dirty" (
  "location_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_view_dirty_location_idx" ON "list_view_dirty" ("location_id");
--> statement-breakpoint
-- A change of a row of a location-scoped table the list reads marks the row's location (old and
-- new: a row may move). Over-marking costs one recompute; a missed mark would serve a stale page.
CREATE FUNCTION list_view_mark() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_view_dirty (location_id) SELECT DISTINCT location_id FROM new_rows WHERE location_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_view_dirty (location_id) SELECT DISTINCT location_id FROM old_rows WHERE location_id IS NOT NULL;
  ELSE
    INSERT INTO list_view_dirty (location_id)
      SELECT location_id FROM new_rows WHERE location_id IS NOT NULL
      UNION SELECT location_id FROM old_rows WHERE location_id IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- TRUNCATE has no rows to read, and the kept pages are in the servers' memory: every location is marked.
CREATE FUNCTION list_view_mark_all() RETURNS trigger AS $$
BEGIN
  INSERT INTO list_view_dirty (location_id) SELECT id FROM locations;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The tables a list page reads with a location_id: the location's offers and their read model with
-- its per-distributor counts (prices, sort keys, tags, purchase statistics, matches), the swaps and
-- rejects the matches follow, the cart (each row's caseQuantity) and the inventory view's group
-- items (belongsToGroup). Filters by past orders or shopping lists are never kept (list-answers.service).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['location_items', 'location_item_reads', 'location_item_read_counts', 'item_swaps',
    'cart_items', 'inventory_group_items']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION list_view_mark()', t || '_list_view_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION list_view_mark()', t || '_list_view_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION list_view_mark()', t || '_list_view_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION list_view_mark_all()', t || '_list_view_truncate', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A location's flags (display_match, display_rebate) and time zone (its calendar date).
CREATE FUNCTION locations_list_view_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO list_view_dirty (location_id) SELECT id FROM new_rows UNION SELECT id FROM old_rows;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER locations_list_view_update AFTER UPDATE ON locations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION locations_list_view_mark();
--> statement-breakpoint
-- The shared catalogue: an offer's or an item's change (name, pack, flags, status, rebate, images)
-- marks every location that lists it; a distributor's (its nickname) marks every location. New
-- offers and items mark nothing until a location lists them (location_items above); a deleted one
-- takes its location_items rows with it (the cascade fires their trigger).
CREATE FUNCTION item_distributors_list_view_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO list_view_dirty (location_id)
    SELECT DISTINCT li.location_id FROM new_rows n JOIN location_items li ON li.item_distributor_id = n.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER item_distributors_list_view_update AFTER UPDATE ON item_distributors
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_distributors_list_view_mark();
--> statement-breakpoint
CREATE FUNCTION items_list_view_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO list_view_dirty (location_id)
    SELECT DISTINCT li.location_id
      FROM new_rows n JOIN item_distributors d ON d.item_id = n.id JOIN location_items li ON li.item_distributor_id = d.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER items_list_view_update AFTER UPDATE ON items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION items_list_view_mark();
--> statement-breakpoint
CREATE TRIGGER distributors_list_view_update AFTER UPDATE ON distributors
  FOR EACH STATEMENT EXECUTE FUNCTION list_view_mark_all();
--> statement-breakpoint
CREATE TRIGGER item_distributors_list_view_truncate AFTER TRUNCATE ON item_distributors
  FOR EACH STATEMENT EXECUTE FUNCTION list_view_mark_all();
--> statement-breakpoint
CREATE TRIGGER items_list_view_truncate AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION list_view_mark_all();
--> statement-breakpoint
CREATE TRIGGER distributors_list_view_truncate AFTER TRUNCATE ON distributors
  FOR EACH STATEMENT EXECUTE FUNCTION list_view_mark_all();
