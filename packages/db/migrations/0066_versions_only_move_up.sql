-- A location's version only moves up (issue 38: the chain view checks a membership's versions as
-- one sum over its locations; docs/decisions.md "Chain answers kept as sent"). The version a commit
-- writes was taken from the sequence before the row was locked, so two commits of one location
-- could write theirs out of order and move the version down. A conflicting row now takes its value
-- after the lock is held: larger than any version committed before it.
CREATE OR REPLACE FUNCTION suggestion_version_apply() RETURNS trigger AS $$
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
  ON CONFLICT (location_id) DO UPDATE SET version = nextval('suggestion_version_seq');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_version_apply() RETURNS trigger AS $$
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
  ON CONFLICT (location_id) DO UPDATE SET version = nextval('stock_version_seq');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
