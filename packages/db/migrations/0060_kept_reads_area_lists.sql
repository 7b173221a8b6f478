-- Kept reads (issue 38, 0059) for five more reads: the accounting list (GET merchant-accounting),
-- the recipe list (GET recipe), the order history (GET orders), analytics (GET analytics) and the
-- distributor list's rows (GET distributors). Each reads, besides what 0059 already watches (the
-- location's offers, the catalogue, the location's flags and time zone), the location-scoped tables below: a
-- change of one of their rows marks its location, as 0059's tables do (a missed mark would serve a
-- stale answer).
--   accounting: the item tags and the tag lists they name.
--   recipes: the recipes, their menu categories, their ingredients and the POS sales they are sold by.
--   order history: the orders (each row's distributor is 0059's, its dates in the location's zone).
--   analytics: the orders and their lines its daily aggregate sums (below).
--   distributors: the location's accounts with each distributor (terms, delivery days, cut-off,
--   customer number) and its sales reps (its last guide is 0059's order_guides).
-- The recipes' stored costs and analytics' daily aggregate are written only by their refresh, which
-- these reads run themselves before they read them (when the aggregate's own triggers have marked it,
-- 0025 and 0026, or the costs were priced on another day: a kept answer is kept for its day). So what
-- marks is a write to what those figures are computed from: the recipes' ingredients (the offers,
-- prices and generic groups they cost from are 0059's) and the order lines (orders, swaps and the
-- location's time zone are above or 0059's), not the refresh: a refresh that marked its own location
-- would make every answer after it be built twice, and throw away the place-order list's kept
-- pages at each location's first recipe read of the day. Marks are unkeyed, so a write's mark is
-- never lost to a refresh running beside it (the aggregates' own marks are keyed by location and day,
-- inserted ON CONFLICT DO NOTHING: a write whose mark was already there leaves none of its own).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['merchant_accountings', 'accounting_suppliers', 'accounting_categories', 'accounting_gl_codes',
    'recipes', 'recipe_menu_categories', 'recipe_ingredients', 'pos_item_recipes', 'pos_sales', 'orders', 'order_items',
    'location_distributors', 'sales_reps']
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
