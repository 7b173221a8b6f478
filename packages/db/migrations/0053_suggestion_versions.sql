-- Versions the suggested order's kept answers are checked against (issue 37 at chain scale;
-- docs/decisions.md "Suggested orders: the answer kept per location"). A kept answer is served only
-- while its location's version and the catalogue's version are those read in the snapshot it was
-- computed in, so every table the answer reads must move one of them when a write changes what it reads.
-- A value is only ever taken from the sequence, so a version never repeats.
CREATE SEQUENCE "suggestion_version_seq";
--> statement-breakpoint
-- Per location. No foreign key: a location's delete cascades into the tables below, whose triggers
-- then write here for a location that is going away (a left-over row is harmless).
CREATE TABLE "suggestion_versions" (
  "location_id" integer PRIMARY KEY,
  "version" bigint NOT NULL
);
--> statement-breakpoint
-- One row for the shared catalogue (items, offers, distributors: not location-keyed).
CREATE TABLE "suggestion_catalog_version" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "suggestion_catalog_version" ("id", "version") VALUES (true, nextval('suggestion_version_seq'));
--> statement-breakpoint
-- The versions move at commit, not at each statement. A statement's trigger only marks its
-- locations here, under its own transaction's id (no two transactions ever touch the same mark), and
-- one deferred trigger moves all of the transaction's versions as it commits, catalogue first, then
-- locations in id order. Bumped at the statement, a version row stayed locked from a transaction's
-- first write to its commit: checkout (order first, then the cart) and a cart save (cart lock first,
-- then a line) would each have held what the other waited for. Location 0 marks the catalogue.
CREATE TABLE "suggestion_version_marks" (
  "location_id" integer NOT NULL,
  "xid" bigint NOT NULL,
  PRIMARY KEY ("location_id", "xid")
);
--> statement-breakpoint
CREATE INDEX "suggestion_version_marks_xid" ON "suggestion_version_marks" ("xid");
--> statement-breakpoint
CREATE FUNCTION suggestion_version_apply() RETURNS trigger AS $$
DECLARE
  ids int[];
BEGIN
  WITH taken AS (DELETE FROM suggestion_version_marks WHERE xid = NEW.xid RETURNING location_id)
  SELECT array_agg(DISTINCT location_id ORDER BY location_id) INTO ids FROM taken;
  -- The transaction's first mark took them all; its other marks find none.
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF ids[1] = 0 THEN
    UPDATE suggestion_catalog_version SET version = nextval('suggestion_version_seq');
  END IF;
  INSERT INTO suggestion_versions AS v (location_id, version)
    SELECT id, nextval('suggestion_version_seq') FROM unnest(ids) WITH ORDINALITY AS u(id, n) WHERE id <> 0 ORDER BY n
  ON CONFLICT (location_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER suggestion_version_marks_apply AFTER INSERT ON suggestion_version_marks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION suggestion_version_apply();
--> statement-breakpoint
-- Statement-level, with the statement's transition tables: a mark per location the statement
-- touched (its version moves at commit, above). TG_ARGV[0], when given, lists the columns (comma-separated: the row's key, location_id
-- and what the answer reads) an UPDATE must change to count, for tables also written for reasons the
-- answer does not read (live counts, order documents, the read model's other columns): a row counts
-- when its tuple of those columns is not among the other side's.
CREATE FUNCTION suggestion_version_bump() RETURNS trigger AS $$
DECLARE
  cols text;
  q text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    q := 'SELECT location_id FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    q := 'SELECT location_id FROM old_rows';
  ELSIF TG_NARGS = 0 THEN
    q := 'SELECT location_id FROM new_rows UNION SELECT location_id FROM old_rows';
  ELSE
    SELECT string_agg(quote_ident(c), ', ') INTO cols FROM unnest(string_to_array(TG_ARGV[0], ',')) AS c;
    q := format('SELECT location_id FROM ((SELECT %1$s FROM new_rows EXCEPT SELECT %1$s FROM old_rows)
                 UNION ALL (SELECT %1$s FROM old_rows EXCEPT SELECT %1$s FROM new_rows)) x', cols);
  END IF;
  EXECUTE 'INSERT INTO suggestion_version_marks (location_id, xid)
             SELECT DISTINCT location_id, txid_current() FROM (' || q || ') c WHERE location_id IS NOT NULL
           ON CONFLICT DO NOTHING';
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every location-keyed table the answer reads: the groups, their items and pars, the catalogue rows
-- and read model of the location, the cart, the completed counts, orders on the way, the accounts'
-- delivery terms, the recipe book, and the history aggregates (receipts and POS sales reach the
-- answer only through these: the request tops them up before it checks the version).
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
      ('location_items', NULL),
      -- The read model's effective price is all the answer reads of it (a refresh rewrites whole rows).
      ('location_item_reads', 'location_id,item_distributor_id,effective_price'),
      ('cart_items', NULL),
      ('location_distributors', NULL),
      ('inventory_lists', NULL),
      ('inventory_groups', 'id,location_id,inventory_list_id,name,sort,par_level,unit_id'),
      -- Not the live counts (on_hand…, total_on_hand…, updated_at): counting does not change a suggestion.
      ('inventory_group_items',
       'id,location_id,group_id,kind,item_distributor_id,sub_recipe_id,description,distributor_name,unit_measure,price,din,brand,custom_pack_size,is_preferred,sort_index'),
      ('inventories', 'id,location_id,status,completed_date'),
      ('inventory_snapshot_items', NULL),
      -- Orders are updated often (documents, statuses); the answer reads what is on the way.
      ('orders', 'id,location_id,status,received_at,requested_delivery_date,timezone'),
      ('order_items', NULL),
      ('recipes', NULL),
      ('recipe_ingredients', NULL),
      ('recipe_menu_categories', NULL),
      ('suggestion_receipt_days', NULL),
      ('suggestion_pos_days', NULL),
      ('suggestion_sale_days', NULL)
    ) AS x(name, cols)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION suggestion_version_bump()', t.name || '_sv_insert', t.name);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION suggestion_version_bump()', t.name || '_sv_delete', t.name);
    IF t.cols IS NULL THEN
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION suggestion_version_bump()', t.name || '_sv_update', t.name);
    ELSE
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION suggestion_version_bump(%L)', t.name || '_sv_update', t.name, t.cols);
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The location row itself: its time zone (today, delivery dates) and whether it costs recipes (the POS basis).
CREATE FUNCTION suggestion_version_bump_location() RETURNS trigger AS $$
BEGIN
  INSERT INTO suggestion_version_marks (location_id, xid) VALUES (NEW.id, txid_current()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER locations_sv_update AFTER UPDATE ON locations FOR EACH ROW
  WHEN ((OLD.timezone, OLD.display_recipe_costing) IS DISTINCT FROM (NEW.timezone, NEW.display_recipe_costing))
  EXECUTE FUNCTION suggestion_version_bump_location();
--> statement-breakpoint
-- The shared catalogue: marked once per transaction (as chain_catalog_bump, 0051, bumps), on the columns an item
-- row of the answer reads (not the list price, unit price or UPC: the location's row prices it).
-- Inserts are not read until a location's row or group links them, which bumps that location.
CREATE FUNCTION suggestion_catalog_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('stockpot.suggestion_catalog_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    INSERT INTO suggestion_version_marks (location_id, xid) VALUES (0, txid_current()) ON CONFLICT DO NOTHING;
    PERFORM set_config('stockpot.suggestion_catalog_bumped', txid_current()::text, true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER item_distributors_sv_update AFTER UPDATE ON item_distributors FOR EACH ROW
  WHEN ((OLD.item_id, OLD.distributor_id, OLD.din, OLD.brand, OLD.description, OLD.pack_size, OLD.unit_quantity,
         OLD.unit_size, OLD.pack_size_uom, OLD.unit_measure, OLD.status, OLD.is_catch_weight, OLD.is_fixed_weight,
         OLD.is_market_price, OLD.is_unpurchasable, OLD.is_partner, OLD.rebate, OLD.average_weight, OLD.image_url,
         OLD.brand_image_url)
        IS DISTINCT FROM
        (NEW.item_id, NEW.distributor_id, NEW.din, NEW.brand, NEW.description, NEW.pack_size, NEW.unit_quantity,
         NEW.unit_size, NEW.pack_size_uom, NEW.unit_measure, NEW.status, NEW.is_catch_weight, NEW.is_fixed_weight,
         NEW.is_market_price, NEW.is_unpurchasable, NEW.is_partner, NEW.rebate, NEW.average_weight, NEW.image_url,
         NEW.brand_image_url))
  EXECUTE FUNCTION suggestion_catalog_bump();
--> statement-breakpoint
CREATE TRIGGER item_distributors_sv_delete AFTER DELETE ON item_distributors FOR EACH STATEMENT
  EXECUTE FUNCTION suggestion_catalog_bump();
--> statement-breakpoint
CREATE TRIGGER items_sv_update AFTER UPDATE ON items FOR EACH ROW
  WHEN ((OLD.name, OLD.description, OLD.generic_name, OLD.manufacturer, OLD.manufacturer_code)
        IS DISTINCT FROM (NEW.name, NEW.description, NEW.generic_name, NEW.manufacturer, NEW.manufacturer_code))
  EXECUTE FUNCTION suggestion_catalog_bump();
--> statement-breakpoint
CREATE TRIGGER items_sv_delete AFTER DELETE ON items FOR EACH STATEMENT
  EXECUTE FUNCTION suggestion_catalog_bump();
--> statement-breakpoint
CREATE TRIGGER distributors_sv_update AFTER UPDATE ON distributors FOR EACH ROW
  WHEN (OLD.nickname IS DISTINCT FROM NEW.nickname)
  EXECUTE FUNCTION suggestion_catalog_bump();
--> statement-breakpoint
CREATE TRIGGER distributors_sv_delete AFTER DELETE ON distributors FOR EACH STATEMENT
  EXECUTE FUNCTION suggestion_catalog_bump();
