-- The recipe list's maintained costs (issue 17): per recipe, its total cost in cents at the
-- location's effective prices of `priced_on`, so GET recipe reads one row per recipe instead of
-- costing every ingredient of the location (offers, generic groups' linked items, sub-recipes) on
-- every request. Hand-written and not in the Drizzle schema, like the list read model. Computed by
-- refreshRecipeCosts (packages/db/src/recipe-costs/recipe-costs.ts) with the domain's costing
-- engine, the same code the recipe views cost with. The triggers below mark a location in
-- recipe_cost_dirty in the transaction of every write that can change a cost (its recipes,
-- ingredients, generic groups' linked items, its catalogue's prices, punch-outs and pack sizes);
-- a read of a marked location, or of one priced for another day, recomputes it first.
CREATE TABLE "recipe_costs" (
  "location_id" integer NOT NULL REFERENCES "locations" ("id") ON DELETE CASCADE,
  "recipe_id" integer NOT NULL REFERENCES "recipes" ("id") ON DELETE CASCADE,
  "total_cost" integer NOT NULL,
  PRIMARY KEY ("location_id", "recipe_id") INCLUDE ("total_cost")
);
--> statement-breakpoint
CREATE TABLE "recipe_cost_state" (
  "location_id" integer PRIMARY KEY REFERENCES "locations" ("id") ON DELETE CASCADE,
  "priced_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipe_cost_dirty" (
  "location_id" integer PRIMARY KEY
);
--> statement-breakpoint
CREATE FUNCTION recipe_costs_mark_new() RETURNS trigger AS $$
BEGIN
  INSERT INTO recipe_cost_dirty (location_id) SELECT DISTINCT location_id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION recipe_costs_mark_old() RETURNS trigger AS $$
BEGIN
  INSERT INTO recipe_cost_dirty (location_id) SELECT DISTINCT location_id FROM old_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A recipe added or removed, or its yield changed (what a sub-recipe costs per yield unit); a name,
-- menu price or description does not change a cost.
CREATE FUNCTION recipes_costs_mark_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO recipe_cost_dirty (location_id)
    SELECT n.location_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.location_id, n.sub_recipe_yield, n.sub_recipe_yield_uom) IS DISTINCT FROM (o.location_id, o.sub_recipe_yield, o.sub_recipe_yield_uom)
    UNION
    SELECT o.location_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.location_id <> o.location_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER recipes_costs_insert AFTER INSERT ON recipes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipe_costs_mark_new();
--> statement-breakpoint
CREATE TRIGGER recipes_costs_update AFTER UPDATE ON recipes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipes_costs_mark_changed();
--> statement-breakpoint
CREATE TRIGGER recipes_costs_delete AFTER DELETE ON recipes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recipe_costs_mark_old();
--> statement-breakpoint
-- Any change of an ingredient.
CREATE FUNCTION recipe_costs_mark_both() RETURNS trigger AS $$
BEGIN
  INSERT INTO recipe_cost_dirty (location_id)
    SELECT location_id FROM new_rows UNION SELECT location_id FROM old_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER recipe_ingredients_costs_insert AFTER INSERT ON recipe_ingredients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipe_costs_mark_new();
--> statement-breakpoint
CREATE TRIGGER recipe_ingredients_costs_update AFTER UPDATE ON recipe_ingredients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipe_costs_mark_both();
--> statement-breakpoint
CREATE TRIGGER recipe_ingredients_costs_delete AFTER DELETE ON recipe_ingredients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recipe_costs_mark_old();
--> statement-breakpoint
-- A generic group's linked item added or removed, or what it costs changed (its offer, custom price
-- or pack size, its sub-recipe). Counts (on hand) and sort order do not mark; a group deleted takes
-- its linked items with it (the cascade fires the delete trigger).
CREATE FUNCTION inventory_group_items_costs_mark_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO recipe_cost_dirty (location_id)
    SELECT n.location_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.location_id, n.group_id, n.kind, n.item_distributor_id, n.sub_recipe_id, n.price, n.custom_pack_size)
          IS DISTINCT FROM (o.location_id, o.group_id, o.kind, o.item_distributor_id, o.sub_recipe_id, o.price, o.custom_pack_size)
    UNION
    SELECT o.location_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.location_id <> o.location_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER inventory_group_items_costs_insert AFTER INSERT ON inventory_group_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipe_costs_mark_new();
--> statement-breakpoint
CREATE TRIGGER inventory_group_items_costs_update AFTER UPDATE ON inventory_group_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory_group_items_costs_mark_changed();
--> statement-breakpoint
CREATE TRIGGER inventory_group_items_costs_delete AFTER DELETE ON inventory_group_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recipe_costs_mark_old();
--> statement-breakpoint
-- The catalogue: an offer added or removed, or a change of what its effective price or punch-out
-- reads (an order guide, an invoice, a punch-out). Purchase statistics and sort indexes do not mark.
CREATE TRIGGER location_items_costs_insert AFTER INSERT ON location_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipe_costs_mark_new();
--> statement-breakpoint
CREATE TRIGGER location_items_costs_delete AFTER DELETE ON location_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recipe_costs_mark_old();
--> statement-breakpoint
CREATE FUNCTION location_items_costs_mark_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO recipe_cost_dirty (location_id)
    SELECT DISTINCT n.location_id FROM new_rows n
    LEFT JOIN old_rows o ON o.location_id = n.location_id AND o.item_distributor_id = n.item_distributor_id
    WHERE o.location_id IS NULL
       OR (n.price, n.end_date, n.is_punched_out, n.purchased_price, n.invoice_date, n.is_price_outdated)
          IS DISTINCT FROM (o.price, o.end_date, o.is_punched_out, o.purchased_price, o.invoice_date, o.is_price_outdated)
    UNION
    SELECT o.location_id FROM old_rows o
    LEFT JOIN new_rows n ON n.location_id = o.location_id AND n.item_distributor_id = o.item_distributor_id
    WHERE n.location_id IS NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER location_items_costs_update AFTER UPDATE ON location_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION location_items_costs_mark_changed();
--> statement-breakpoint
-- An offer's pack size or unit of measure (what a case converts to) marks every location listing it.
CREATE FUNCTION item_distributors_costs_mark() RETURNS trigger AS $$
BEGIN
  INSERT INTO recipe_cost_dirty (location_id)
    SELECT DISTINCT li.location_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN location_items li ON li.item_distributor_id = n.id
    WHERE (n.pack_size, n.unit_measure) IS DISTINCT FROM (o.pack_size, o.unit_measure)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER item_distributors_costs_update AFTER UPDATE ON item_distributors
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_distributors_costs_mark();
