-- Issue 34 (doc 2 §4 totals editing lists total cost): a menu recipe's total cost may be entered by
-- hand. It stays in place of the ingredients' sum until the buyer takes it back, and it is what
-- the list, the food cost % and POS theoretical cost read, so entering or clearing it marks the
-- location's stored costs stale like a yield change does.
ALTER TABLE "recipes" ADD COLUMN "total_cost_entered" integer;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_total_cost_entered_positive" CHECK ("total_cost_entered" IS NULL OR "total_cost_entered" > 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION recipes_costs_mark_changed() RETURNS trigger AS $$
BEGIN
  EXECUTE $q$
    INSERT INTO recipe_cost_dirty (location_id)
      SELECT n.location_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.location_id, n.sub_recipe_yield, n.sub_recipe_yield_uom, n.total_cost_entered)
            IS DISTINCT FROM (o.location_id, o.sub_recipe_yield, o.sub_recipe_yield_uom, o.total_cost_entered)
      UNION
      SELECT o.location_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.location_id <> o.location_id
    ON CONFLICT DO NOTHING $q$;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
