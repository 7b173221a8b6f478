-- The recipe-cost triggers join a statement's old and new rows. PL/pgSQL keeps the plan of a query
-- without parameters for the life of the connection, so a connection whose first update touched one
-- row kept a nested loop over the transition tables: the next 50,000-row update (an order guide's
-- punch-out) then compared every new row with every old one, 112 s for 40,000 rows, minutes for
-- more. EXECUTE plans each statement for the rows it really has (0.27 s for the same update).
CREATE OR REPLACE FUNCTION recipes_costs_mark_changed() RETURNS trigger AS $$
BEGIN
  EXECUTE $q$
    INSERT INTO recipe_cost_dirty (location_id)
      SELECT n.location_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.location_id, n.sub_recipe_yield, n.sub_recipe_yield_uom) IS DISTINCT FROM (o.location_id, o.sub_recipe_yield, o.sub_recipe_yield_uom)
      UNION
      SELECT o.location_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.location_id <> o.location_id
    ON CONFLICT DO NOTHING $q$;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_group_items_costs_mark_changed() RETURNS trigger AS $$
BEGIN
  EXECUTE $q$
    INSERT INTO recipe_cost_dirty (location_id)
      SELECT n.location_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.location_id, n.group_id, n.kind, n.item_distributor_id, n.sub_recipe_id, n.price, n.custom_pack_size)
            IS DISTINCT FROM (o.location_id, o.group_id, o.kind, o.item_distributor_id, o.sub_recipe_id, o.price, o.custom_pack_size)
      UNION
      SELECT o.location_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.location_id <> o.location_id
    ON CONFLICT DO NOTHING $q$;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION location_items_costs_mark_changed() RETURNS trigger AS $$
BEGIN
  EXECUTE $q$
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
    ON CONFLICT DO NOTHING $q$;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION item_distributors_costs_mark() RETURNS trigger AS $$
BEGIN
  EXECUTE $q$
    INSERT INTO recipe_cost_dirty (location_id)
      SELECT DISTINCT li.location_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN location_items li ON li.item_distributor_id = n.id
      WHERE (n.pack_size, n.unit_measure) IS DISTINCT FROM (o.pack_size, o.unit_measure)
    ON CONFLICT DO NOTHING $q$;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
