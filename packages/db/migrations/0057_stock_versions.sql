-- Versions the chain stock page's kept answers are checked against (issue 39 at chain scale;
-- docs/decisions.md "Chain stock and summary: kept answers checked against versions"). The page reads
-- the groups, their items and packs (moved by the suggested order's versions, 0053) and the items'
-- live counts, which 0053 leaves out on purpose (counting does not change a suggestion). These
-- versions move when a count does: a location's on-hand figures, its items added or removed.
-- The same scheme as 0053: a statement marks its locations under its transaction's id, and one
-- deferred trigger moves the transaction's versions as it commits, in location order, so no version
-- row is held locked between a transaction's first write and its commit (two count saves of one
-- location, each writing several items, could otherwise wait for each other).
CREATE SEQUENCE "stock_version_seq";
--> statement-breakpoint
CREATE TABLE "stock_versions" (
  "location_id" integer PRIMARY KEY,
  "version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_version_marks" (
  "location_id" integer NOT NULL,
  "xid" bigint NOT NULL,
  PRIMARY KEY ("location_id", "xid")
);
--> statement-breakpoint
CREATE INDEX "stock_version_marks_xid" ON "stock_version_marks" ("xid");
--> statement-breakpoint
CREATE FUNCTION stock_version_apply() RETURNS trigger AS $$
DECLARE
  ids int[];
BEGIN
  WITH taken AS (DELETE FROM stock_version_marks WHERE xid = NEW.xid RETURNING location_id)
  SELECT array_agg(DISTINCT location_id ORDER BY location_id) INTO ids FROM taken;
  -- The transaction's first mark took them all; its other marks find none.
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO stock_versions AS v (location_id, version)
    SELECT id, nextval('stock_version_seq') FROM unnest(ids) WITH ORDINALITY AS u(id, n) ORDER BY n
  ON CONFLICT (location_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stock_version_marks_apply AFTER INSERT ON stock_version_marks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION stock_version_apply();
--> statement-breakpoint
-- Statement-level, with the statement's transition tables. An update counts when a row's tuple of
-- (id, location, on-hand columns) is not among the other side's: the other columns are 0053's.
CREATE FUNCTION stock_version_bump() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_version_marks (location_id, xid)
      SELECT DISTINCT location_id, txid_current() FROM new_rows ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stock_version_marks (location_id, xid)
      SELECT DISTINCT location_id, txid_current() FROM old_rows ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO stock_version_marks (location_id, xid)
      SELECT DISTINCT location_id, txid_current() FROM (
        (SELECT id, location_id, total_on_hand, total_on_hand_amount FROM new_rows
         EXCEPT SELECT id, location_id, total_on_hand, total_on_hand_amount FROM old_rows)
        UNION ALL
        (SELECT id, location_id, total_on_hand, total_on_hand_amount FROM old_rows
         EXCEPT SELECT id, location_id, total_on_hand, total_on_hand_amount FROM new_rows)) c
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER inventory_group_items_stock_insert AFTER INSERT ON inventory_group_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_version_bump();
--> statement-breakpoint
CREATE TRIGGER inventory_group_items_stock_delete AFTER DELETE ON inventory_group_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_version_bump();
--> statement-breakpoint
CREATE TRIGGER inventory_group_items_stock_update AFTER UPDATE ON inventory_group_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_version_bump();
