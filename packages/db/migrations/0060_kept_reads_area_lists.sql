-- Kept reads (issue 38, 0059) for three more answers: the accounting list (GET merchant-accounting),
-- the recipe list (GET recipe) and the order history (GET orders). Each reads, besides what 0059 already watches (the location's
-- offers, the catalogue, the location's flags and time zone), the location-scoped tables below: a
-- change of one of their rows marks its location, as 0059's tables do (a missed mark would serve a
-- stale answer).
--   accounting: the item tags and the tag lists they name.
--   recipes: the recipes, their menu categories and the POS sales they are sold by.
--   order history: the orders (each row's distributor is 0059's, its dates in the location's zone).
-- The recipes' stored costs (recipe_costs, recipe_cost_state) are written only by their refresh,
-- which the recipe list runs itself before it reads them, when a write has set the costs' dirty
-- flag or the costs were priced on another day (a kept answer is kept for its day). So what marks is
-- the flag being set (0026's triggers set it in every write that can change a cost), not the
-- refresh: a refresh that marked its own location would make every answer after it be built twice,
-- and throw away the place-order list's kept pages each morning.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['merchant_accountings', 'accounting_suppliers', 'accounting_categories', 'accounting_gl_codes',
    'recipes', 'recipe_menu_categories', 'pos_item_recipes', 'pos_sales', 'orders']
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
-- The flag is one row a location (inserted ON CONFLICT DO NOTHING): the insert that sets it marks.
-- While it stays set no answer is kept without a refresh first (the list refreshes before it reads),
-- and the refresh clears it, so the next write's insert sets it, and marks, again.
CREATE TRIGGER recipe_cost_dirty_kept_read_insert AFTER INSERT ON recipe_cost_dirty REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kept_read_mark();
