-- The inventory view's stored page answers (issue 15): the JSON text of a page of a list's groups,
-- as GET comparison-views/:id/groups wrote it, so a read of an unchanged page is one statement and
-- no per-item work. Hand-written and not in the Drizzle schema, like the list read model. Written by
-- the miss path (apps/api/src/features/inventory/inventory-answers.*), which recomputes with the
-- view's own code. An answer is served only while
--   * its location has no mark in inventory_view_dirty (the triggers below mark a location in the
--     transaction of every write to a table the page reads, directly or through the read model,
--     the group spend or the sub-recipes' cost book), and
--   * the location's calendar date is still `priced_on` (effective prices by end date, the spend
--     window and the read model all move with the location's day).
-- The marks have no key on purpose: an insert never waits for another transaction's uncommitted
-- mark (an order-guide import marks every location it lists for its whole run). A recompute takes
-- the location's marks and drops its answers under a per-location advisory lock before it reads.
CREATE SEQUENCE "inventory_view_answer_generations";
--> statement-breakpoint
CREATE TABLE "inventory_view_answers" (
  "location_id" integer NOT NULL,
  "list_id" integer NOT NULL,
  -- page, limit, sort and whether items are expanded: the query shapes the web asks for.
  "query_key" text NOT NULL,
  "priced_on" date NOT NULL,
  "body" text NOT NULL,
  -- New with every write of the row: a server process that holds the body of this generation in
  -- memory is told it is still valid without the body being read and sent again.
  "generation" bigint NOT NULL DEFAULT nextval('inventory_view_answer_generations'),
  PRIMARY KEY ("location_id", "list_id", "query_key")
);
--> statement-breakpoint
CREATE TABLE "inventory_view_dirty" (
  "location_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "inventory_view_dirty_location_idx" ON "inventory_view_dirty" ("location_id");
--> statement-breakpoint
-- Any change of a row of a location-scoped table the page reads marks the row's location (old and
-- new: a row may move). Over-marking costs one recompute; a missed mark would serve a stale page.
CREATE FUNCTION inventory_view_mark() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO inventory_view_dirty (location_id) SELECT DISTINCT location_id FROM new_rows WHERE location_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO inventory_view_dirty (location_id) SELECT DISTINCT location_id FROM old_rows WHERE location_id IS NOT NULL;
  ELSE
    INSERT INTO inventory_view_dirty (location_id)
      SELECT location_id FROM new_rows WHERE location_id IS NOT NULL
      UNION SELECT location_id FROM old_rows WHERE location_id IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- TRUNCATE has no rows to read: every stored answer goes.
CREATE FUNCTION inventory_view_forget_all() RETURNS trigger AS $$
BEGIN
  DELETE FROM inventory_view_answers;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The tables the page reads with a location_id: the list and its groups and items (counts, custom
-- items, links, sort), the catalogue of the location and its read model (prices, punch-outs, end
-- dates, purchase statistics, order guides, invoices, matches), orders and their lines (the group
-- spend), recipes with their ingredients and categories (sub-recipe names, yields, batch costs and
-- belongsToRecipe).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['inventory_lists', 'inventory_groups', 'inventory_group_items', 'location_items',
    'location_item_reads', 'item_swaps', 'orders', 'order_items', 'recipes', 'recipe_ingredients', 'recipe_menu_categories']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION inventory_view_mark()', t || '_inventory_view_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION inventory_view_mark()', t || '_inventory_view_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION inventory_view_mark()', t || '_inventory_view_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION inventory_view_forget_all()', t || '_inventory_view_truncate', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A location's flags (display_rebate) and time zone (its calendar date).
CREATE FUNCTION locations_inventory_view_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO inventory_view_dirty (location_id) SELECT id FROM new_rows UNION SELECT id FROM old_rows;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER locations_inventory_view_update AFTER UPDATE ON locations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION locations_inventory_view_mark();
--> statement-breakpoint
-- The shared catalogue: an offer's or an item's change (name, pack, flags, status, rebate) marks
-- every location that lists it; a distributor's (its nickname) marks every location. New offers
-- and items mark nothing until a location lists them (location_items above); a deleted one takes
-- its location_items rows with it (the cascade fires their trigger).
CREATE FUNCTION item_distributors_inventory_view_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO inventory_view_dirty (location_id)
    SELECT DISTINCT li.location_id FROM new_rows n JOIN location_items li ON li.item_distributor_id = n.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER item_distributors_inventory_view_update AFTER UPDATE ON item_distributors
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_distributors_inventory_view_mark();
--> statement-breakpoint
CREATE FUNCTION items_inventory_view_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO inventory_view_dirty (location_id)
    SELECT DISTINCT li.location_id
      FROM new_rows n JOIN item_distributors d ON d.item_id = n.id JOIN location_items li ON li.item_distributor_id = d.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER items_inventory_view_update AFTER UPDATE ON items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION items_inventory_view_mark();
--> statement-breakpoint
CREATE FUNCTION distributors_inventory_view_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO inventory_view_dirty (location_id) SELECT id FROM locations;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER distributors_inventory_view_update AFTER UPDATE ON distributors
  FOR EACH STATEMENT EXECUTE FUNCTION distributors_inventory_view_mark();
--> statement-breakpoint
CREATE TRIGGER item_distributors_inventory_view_truncate AFTER TRUNCATE ON item_distributors
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_view_forget_all();
--> statement-breakpoint
CREATE TRIGGER items_inventory_view_truncate AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_view_forget_all();
--> statement-breakpoint
CREATE TRIGGER distributors_inventory_view_truncate AFTER TRUNCATE ON distributors
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_view_forget_all();
--> statement-breakpoint
CREATE TRIGGER locations_inventory_view_truncate AFTER TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_view_forget_all();
