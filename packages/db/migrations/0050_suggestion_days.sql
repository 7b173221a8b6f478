-- The suggested order's history aggregates (issue 37): what GET suggested-orders derived from history on
-- every request, kept per location and day so that a request reads a few rows per day instead of the
-- orders' lines and the POS sales of eight weeks. Hand-written and not in the Drizzle schema, like the
-- analytics aggregate (0025). Maintained by refreshSuggestionDays
-- (packages/db/src/suggestions/suggestion-days.ts) from the days the triggers below mark in
-- suggestion_dirty_days; the rows hold sums only (no catalogue, recipe or unit state), so the answer
-- built from them is the one built from the history (docs/decisions.md "Suggested orders: the history
-- aggregates").
--
-- Cases received per item and local day of receiving (accepted lines, received quantity over ordered).
CREATE TABLE "suggestion_receipt_days" (
  "location_id" integer NOT NULL,
  "day" date NOT NULL,
  "item_distributor_id" integer NOT NULL,
  "cases" bigint,
  PRIMARY KEY ("location_id", "day", "item_distributor_id") INCLUDE ("cases")
);
--> statement-breakpoint
-- POS net sold per recipe (through the location's POS item → recipe table) and business day.
CREATE TABLE "suggestion_pos_days" (
  "location_id" integer NOT NULL,
  "business_date" date NOT NULL,
  "recipe_id" integer NOT NULL,
  "sold" numeric NOT NULL,
  "voided" numeric NOT NULL,
  PRIMARY KEY ("location_id", "business_date", "recipe_id") INCLUDE ("sold", "voided")
);
--> statement-breakpoint
-- The business days with any POS sales at all: the divisor of each weekday's average.
CREATE TABLE "suggestion_sale_days" (
  "location_id" integer NOT NULL,
  "business_date" date NOT NULL,
  PRIMARY KEY ("location_id", "business_date")
);
--> statement-breakpoint
-- source 'r': a receiving day of suggestion_receipt_days; 'p': a business day of the two POS tables.
CREATE TABLE "suggestion_dirty_days" (
  "location_id" integer NOT NULL,
  "source" "char" NOT NULL,
  "day" date NOT NULL,
  PRIMARY KEY ("location_id", "source", "day")
);
--> statement-breakpoint
-- Orders: the local day each received order was received on, before and after the statement. EXECUTE
-- plans each statement for the rows it has (0038_trigger_plans_per_statement).
CREATE FUNCTION suggestion_mark_orders() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    EXECUTE $q$
      INSERT INTO suggestion_dirty_days (location_id, source, day)
        SELECT DISTINCT location_id, 'r', (received_at AT TIME ZONE timezone)::date FROM new_rows WHERE received_at IS NOT NULL
      ON CONFLICT DO NOTHING $q$;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    EXECUTE $q$
      INSERT INTO suggestion_dirty_days (location_id, source, day)
        SELECT DISTINCT location_id, 'r', (received_at AT TIME ZONE timezone)::date FROM old_rows WHERE received_at IS NOT NULL
      ON CONFLICT DO NOTHING $q$;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_suggestion_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_mark_orders();
--> statement-breakpoint
CREATE TRIGGER orders_suggestion_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_mark_orders();
--> statement-breakpoint
-- An update marks only when what places an order in the aggregate changed: orders are updated often
-- (documents, statuses) and most of those updates leave the receipts as they were.
CREATE FUNCTION suggestion_mark_order_row() RETURNS trigger AS $$
BEGIN
  INSERT INTO suggestion_dirty_days (location_id, source, day)
    SELECT x.location_id, 'r', (x.received_at AT TIME ZONE x.timezone)::date
    FROM (VALUES (OLD.location_id, OLD.received_at, OLD.timezone), (NEW.location_id, NEW.received_at, NEW.timezone))
      AS x(location_id, received_at, timezone)
    WHERE x.received_at IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_suggestion_update AFTER UPDATE OF location_id, received_at, timezone ON orders
  FOR EACH ROW WHEN ((OLD.location_id, OLD.received_at, OLD.timezone) IS DISTINCT FROM (NEW.location_id, NEW.received_at, NEW.timezone))
  EXECUTE FUNCTION suggestion_mark_order_row();
--> statement-breakpoint
-- Order lines: the receiving day of their order, when it was received.
CREATE FUNCTION suggestion_mark_order_items() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    EXECUTE $q$
      INSERT INTO suggestion_dirty_days (location_id, source, day)
        SELECT DISTINCT o.location_id, 'r', (o.received_at AT TIME ZONE o.timezone)::date
        FROM (SELECT DISTINCT order_id FROM new_rows) r JOIN orders o ON o.id = r.order_id
        WHERE o.received_at IS NOT NULL
      ON CONFLICT DO NOTHING $q$;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    EXECUTE $q$
      INSERT INTO suggestion_dirty_days (location_id, source, day)
        SELECT DISTINCT o.location_id, 'r', (o.received_at AT TIME ZONE o.timezone)::date
        FROM (SELECT DISTINCT order_id FROM old_rows) r JOIN orders o ON o.id = r.order_id
        WHERE o.received_at IS NOT NULL
      ON CONFLICT DO NOTHING $q$;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER order_items_suggestion_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_mark_order_items();
--> statement-breakpoint
CREATE TRIGGER order_items_suggestion_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_mark_order_items();
--> statement-breakpoint
CREATE TRIGGER order_items_suggestion_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_mark_order_items();
--> statement-breakpoint
-- POS sales: their business days.
CREATE FUNCTION suggestion_mark_pos_sales() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    EXECUTE $q$
      INSERT INTO suggestion_dirty_days (location_id, source, day)
        SELECT DISTINCT location_id, 'p', business_date FROM new_rows
      ON CONFLICT DO NOTHING $q$;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    EXECUTE $q$
      INSERT INTO suggestion_dirty_days (location_id, source, day)
        SELECT DISTINCT location_id, 'p', business_date FROM old_rows
      ON CONFLICT DO NOTHING $q$;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pos_sales_suggestion_insert AFTER INSERT ON pos_sales
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_mark_pos_sales();
--> statement-breakpoint
CREATE TRIGGER pos_sales_suggestion_update AFTER UPDATE ON pos_sales
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_mark_pos_sales();
--> statement-breakpoint
CREATE TRIGGER pos_sales_suggestion_delete AFTER DELETE ON pos_sales
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_mark_pos_sales();
--> statement-breakpoint
-- A POS item mapped to another recipe (or unmapped): every business day that item sold on.
CREATE FUNCTION suggestion_mark_pos_item_recipes() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    EXECUTE $q$
      INSERT INTO suggestion_dirty_days (location_id, source, day)
        SELECT DISTINCT s.location_id, 'p', s.business_date
        FROM (SELECT DISTINCT location_id, lower(item_name) AS name FROM new_rows) r
        JOIN pos_sales s ON s.location_id = r.location_id AND lower(s.item_name) = r.name
      ON CONFLICT DO NOTHING $q$;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    EXECUTE $q$
      INSERT INTO suggestion_dirty_days (location_id, source, day)
        SELECT DISTINCT s.location_id, 'p', s.business_date
        FROM (SELECT DISTINCT location_id, lower(item_name) AS name FROM old_rows) r
        JOIN pos_sales s ON s.location_id = r.location_id AND lower(s.item_name) = r.name
      ON CONFLICT DO NOTHING $q$;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pos_item_recipes_suggestion_insert AFTER INSERT ON pos_item_recipes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_mark_pos_item_recipes();
--> statement-breakpoint
CREATE TRIGGER pos_item_recipes_suggestion_update AFTER UPDATE ON pos_item_recipes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_mark_pos_item_recipes();
--> statement-breakpoint
CREATE TRIGGER pos_item_recipes_suggestion_delete AFTER DELETE ON pos_item_recipes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_mark_pos_item_recipes();
--> statement-breakpoint
-- History that exists before this migration: every day of it starts marked, and the first request of
-- each location tops its aggregate up.
INSERT INTO suggestion_dirty_days (location_id, source, day)
  SELECT DISTINCT location_id, 'r', (received_at AT TIME ZONE timezone)::date FROM orders WHERE received_at IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO suggestion_dirty_days (location_id, source, day)
  SELECT DISTINCT location_id, 'p', business_date FROM pos_sales
ON CONFLICT DO NOTHING;
