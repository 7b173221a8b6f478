-- Analytics daily aggregate (issue 19): per location, calendar day of the location and distributor,
-- what GET analytics sums, so a year's figures read a few hundred rows instead of every order line.
-- Hand-written and not in the Drizzle schema, like the list read model. Maintained by
-- refreshAnalyticsDays (packages/db/src/analytics/analytics-days.ts) from the days the triggers
-- below mark in analytics_dirty_days.
CREATE TABLE "analytics_days" (
  "location_id" integer NOT NULL,
  "day" date NOT NULL,
  "distributor_id" integer NOT NULL,
  "orders" integer NOT NULL,
  "purchases" numeric NOT NULL,
  "rebates" numeric NOT NULL,
  "distributor_savings" numeric NOT NULL,
  "inventory_view_savings" numeric NOT NULL,
  -- Cents: computed in TypeScript from the swaps' pack sizes (getOrderedSwapSavings).
  "match_savings" bigint NOT NULL DEFAULT 0,
  -- The sums of a range are index-only scans of the key.
  PRIMARY KEY ("location_id", "day", "distributor_id")
    INCLUDE ("orders", "purchases", "rebates", "distributor_savings", "inventory_view_savings", "match_savings")
);
--> statement-breakpoint
CREATE TABLE "analytics_day_categories" (
  "location_id" integer NOT NULL,
  "day" date NOT NULL,
  "category" text NOT NULL,
  "amount" numeric NOT NULL,
  PRIMARY KEY ("location_id", "day", "category") INCLUDE ("amount")
);
--> statement-breakpoint
CREATE TABLE "analytics_dirty_days" (
  "location_id" integer NOT NULL,
  "day" date NOT NULL,
  PRIMARY KEY ("location_id", "day")
);
--> statement-breakpoint
-- The location's calendar day of every order in the statement's rows.
CREATE FUNCTION analytics_mark_orders() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO analytics_dirty_days (location_id, day)
      SELECT DISTINCT r.location_id, (r.created_at AT TIME ZONE l.timezone)::date
      FROM new_rows r JOIN locations l ON l.id = r.location_id
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO analytics_dirty_days (location_id, day)
      SELECT DISTINCT r.location_id, (r.created_at AT TIME ZONE l.timezone)::date
      FROM old_rows r JOIN locations l ON l.id = r.location_id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_analytics_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_orders();
--> statement-breakpoint
CREATE TRIGGER orders_analytics_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_orders();
--> statement-breakpoint
CREATE TRIGGER orders_analytics_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_orders();
--> statement-breakpoint
-- Order lines and the swaps an order went out with: the day of their order.
CREATE FUNCTION analytics_mark_order_children() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO analytics_dirty_days (location_id, day)
      SELECT DISTINCT o.location_id, (o.created_at AT TIME ZONE l.timezone)::date
      FROM (SELECT DISTINCT order_id FROM new_rows WHERE order_id IS NOT NULL) r
      JOIN orders o ON o.id = r.order_id JOIN locations l ON l.id = o.location_id
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO analytics_dirty_days (location_id, day)
      SELECT DISTINCT o.location_id, (o.created_at AT TIME ZONE l.timezone)::date
      FROM (SELECT DISTINCT order_id FROM old_rows WHERE order_id IS NOT NULL) r
      JOIN orders o ON o.id = r.order_id JOIN locations l ON l.id = o.location_id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER order_items_analytics_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_order_children();
--> statement-breakpoint
CREATE TRIGGER order_items_analytics_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_order_children();
--> statement-breakpoint
CREATE TRIGGER order_items_analytics_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_order_children();
--> statement-breakpoint
CREATE TRIGGER item_swaps_analytics_insert AFTER INSERT ON item_swaps
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_order_children();
--> statement-breakpoint
CREATE TRIGGER item_swaps_analytics_update AFTER UPDATE ON item_swaps
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_order_children();
--> statement-breakpoint
CREATE TRIGGER item_swaps_analytics_delete AFTER DELETE ON item_swaps
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_order_children();
--> statement-breakpoint
-- A new time zone moves orders across days: the location's aggregate is rebuilt from scratch.
CREATE FUNCTION analytics_mark_location_timezone() RETURNS trigger AS $$
BEGIN
  IF NEW.timezone IS DISTINCT FROM OLD.timezone THEN
    DELETE FROM analytics_days WHERE location_id = NEW.id;
    DELETE FROM analytics_day_categories WHERE location_id = NEW.id;
    INSERT INTO analytics_dirty_days (location_id, day)
      SELECT DISTINCT NEW.id, (o.created_at AT TIME ZONE NEW.timezone)::date FROM orders o WHERE o.location_id = NEW.id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER locations_analytics_timezone AFTER UPDATE OF timezone ON locations
  FOR EACH ROW EXECUTE FUNCTION analytics_mark_location_timezone();
--> statement-breakpoint
-- Orders that exist before this migration: every day of theirs starts marked.
INSERT INTO analytics_dirty_days (location_id, day)
  SELECT DISTINCT o.location_id, (o.created_at AT TIME ZONE l.timezone)::date
  FROM orders o JOIN locations l ON l.id = o.location_id
ON CONFLICT DO NOTHING;
