-- Issue 32: distributor and inventory-view savings are compared on prices per base unit of one kind
-- (packages/db/src/analytics/savings-lines-sql.ts); the days aggregated before compared a price per
-- gallon with a price per fluid ounce. Hand-written and not in the Drizzle schema, like the rest of
-- the analytics aggregate.
--
-- The lines a day's savings add up to, kept as the day was last recomputed: analytics_days' two
-- savings columns are their sums, and GET analytics/savings-lines lists them, so a figure and its
-- lines never disagree (both priced when the day's orders were last written).
CREATE TABLE "analytics_savings_lines" (
  "location_id" integer NOT NULL,
  "day" date NOT NULL,
  "order_item_id" integer NOT NULL,
  "order_id" integer NOT NULL,
  "distributor_id" integer NOT NULL,
  -- 'distributor' (an exact match at another distributor) or 'inventory_view' (a generic group).
  "kind" text NOT NULL,
  "item_distributor_id" integer NOT NULL,
  "alt_item_distributor_id" integer NOT NULL,
  "quantity" integer NOT NULL,
  -- Dollars per unit of sale, and the base units (g, ml, pieces) one unit of sale holds.
  "price" numeric NOT NULL,
  "unit_base" numeric NOT NULL,
  "alt_price" numeric NOT NULL,
  "alt_base" numeric NOT NULL,
  -- Dollars, rounded to the cent, never below 0.
  "saving" numeric NOT NULL,
  PRIMARY KEY ("location_id", "day", "order_item_id")
);
--> statement-breakpoint
-- A new time zone moves orders across days: the location's aggregate, lines included, is rebuilt.
CREATE OR REPLACE FUNCTION analytics_mark_location_timezone() RETURNS trigger AS $$
BEGIN
  IF NEW.timezone IS DISTINCT FROM OLD.timezone THEN
    DELETE FROM analytics_days WHERE location_id = NEW.id;
    DELETE FROM analytics_day_categories WHERE location_id = NEW.id;
    DELETE FROM analytics_savings_lines WHERE location_id = NEW.id;
    INSERT INTO analytics_dirty_days (location_id, day)
      SELECT DISTINCT NEW.id, (o.created_at AT TIME ZONE NEW.timezone)::date FROM orders o WHERE o.location_id = NEW.id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every day aggregated with the old comparison is marked: the next read of its location recomputes it.
INSERT INTO "analytics_dirty_days" ("location_id", "day")
SELECT DISTINCT "location_id", "day" FROM "analytics_days"
ON CONFLICT DO NOTHING;
