-- Issue 38: the derived tables' marks leave one row per write, as the kept reads' marks do (0059).
-- They were keyed ((location, offer), (location, day), (location, source, day), location) and
-- inserted ON CONFLICT DO NOTHING, so a write whose key was already marked left no row of its own.
-- A refresh that took the older mark while that write was still open built without it, and once the
-- write committed nothing was marked: the read model kept the old name or price, the analytics day
-- its old sums, until some other write touched the same key. Without the keys every write's insert
-- lands (ON CONFLICT DO NOTHING has nothing left to conflict with), a refresh's DELETE takes only
-- the rows its snapshot sees, and an open write's row survives it for the next read.
ALTER TABLE "location_item_read_dirty" DROP CONSTRAINT "location_item_read_dirty_pkey";
--> statement-breakpoint
-- The read model's two after-write syncs (custom order, purchase statistics) clear the marks their
-- own transaction left, not another writer's committed since the refresh they follow.
ALTER TABLE "location_item_read_dirty" ADD COLUMN "writer" bigint NOT NULL DEFAULT txid_current();
--> statement-breakpoint
CREATE INDEX "location_item_read_dirty_location_idx" ON "location_item_read_dirty" ("location_id", "item_distributor_id");
--> statement-breakpoint
ALTER TABLE "analytics_dirty_days" DROP CONSTRAINT "analytics_dirty_days_pkey";
--> statement-breakpoint
CREATE INDEX "analytics_dirty_days_location_idx" ON "analytics_dirty_days" ("location_id", "day");
--> statement-breakpoint
ALTER TABLE "suggestion_dirty_days" DROP CONSTRAINT "suggestion_dirty_days_pkey";
--> statement-breakpoint
CREATE INDEX "suggestion_dirty_days_location_idx" ON "suggestion_dirty_days" ("location_id", "source", "day");
--> statement-breakpoint
ALTER TABLE "recipe_cost_dirty" DROP CONSTRAINT "recipe_cost_dirty_pkey";
--> statement-breakpoint
CREATE INDEX "recipe_cost_dirty_location_idx" ON "recipe_cost_dirty" ("location_id");
--> statement-breakpoint
-- An order guide's price changes show the offers of the guide it replaced, which the location may
-- no longer list (0059 marked only through location_items): a catalogue change of such an offer or
-- its item marks the locations whose guides carry it too. The index serves that join (and the
-- foreign key's checks when an offer is deleted).
CREATE INDEX "order_guide_items_item_distributor_idx" ON "order_guide_items" ("item_distributor_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION item_distributors_kept_read_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO kept_read_marks (location_id)
    SELECT li.location_id FROM new_rows n JOIN location_items li ON li.item_distributor_id = n.id
    UNION SELECT g.location_id FROM new_rows n JOIN order_guide_items g ON g.item_distributor_id = n.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_kept_read_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO kept_read_marks (location_id)
    SELECT li.location_id
      FROM new_rows n JOIN item_distributors d ON d.item_id = n.id JOIN location_items li ON li.item_distributor_id = d.id
    UNION SELECT g.location_id
      FROM new_rows n JOIN item_distributors d ON d.item_id = n.id JOIN order_guide_items g ON g.item_distributor_id = d.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every mark table is probed per location (`EXISTS … WHERE location_id = $1`). Statistics taken
-- when a few locations held marks (n_distinct 3) made the planner expect thousands of rows a
-- location and scan the whole table for a location with none: 1,309 pages, 3.8 ms, on every
-- suggested order at chain scale. Told the column is nearly unique, it probes the index.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['location_item_read_dirty', 'analytics_dirty_days', 'suggestion_dirty_days',
    'recipe_cost_dirty', 'inventory_view_dirty', 'kept_read_marks']
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN location_id SET (n_distinct = -1)', t);
    EXECUTE format('ANALYZE %I', t);
  END LOOP;
END
$$;
