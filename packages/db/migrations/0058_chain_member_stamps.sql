-- A stamp per user that the chain view's kept membership is checked against (issue 39 at chain
-- scale; docs/decisions.md "The chain's membership kept per user, checked by a stamp"). Every chain
-- read starts from the user's locations (its security boundary): for an owner of 200 locations that
-- statement (200 rows of names, time zones and versions) cost more than the rest of the answer. The
-- names and time zones are now kept per user in the process and served while this stamp holds; the
-- versions and stale days are still read on every request, in one statement of one row. The stamp
-- moves when the user's memberships change (added, removed, moved) and when one of their locations
-- is renamed or changes time zone. The same scheme as 0053 and 0057: a statement marks under its
-- transaction's id, and one deferred trigger moves the stamps as it commits, in user order. A stamp
-- only ever comes from the sequence, so an unchanged stamp is unchanged membership.
CREATE SEQUENCE "chain_member_stamp_seq";
--> statement-breakpoint
CREATE TABLE "chain_member_stamps" (
  "user_id" integer PRIMARY KEY,
  "version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_member_marks" (
  "xid" bigint NOT NULL,
  "user_id" integer NOT NULL,
  PRIMARY KEY ("xid", "user_id")
);
--> statement-breakpoint
CREATE FUNCTION chain_member_stamp_apply() RETURNS trigger AS $$
BEGIN
  -- The transaction's first mark takes them all; its other marks find none.
  WITH taken AS (DELETE FROM chain_member_marks WHERE xid = NEW.xid RETURNING user_id)
  INSERT INTO chain_member_stamps AS s (user_id, version)
    SELECT user_id, nextval('chain_member_stamp_seq') FROM (SELECT DISTINCT user_id FROM taken ORDER BY user_id) t
  ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER chain_member_marks_apply AFTER INSERT ON chain_member_marks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION chain_member_stamp_apply();
--> statement-breakpoint
CREATE FUNCTION chain_member_mark_memberships() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO chain_member_marks (xid, user_id)
      SELECT DISTINCT txid_current(), user_id FROM new_rows ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO chain_member_marks (xid, user_id)
      SELECT DISTINCT txid_current(), user_id FROM old_rows ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_locations_member_insert AFTER INSERT ON user_locations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_member_mark_memberships();
--> statement-breakpoint
CREATE TRIGGER user_locations_member_delete AFTER DELETE ON user_locations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_member_mark_memberships();
--> statement-breakpoint
CREATE TRIGGER user_locations_member_update AFTER UPDATE ON user_locations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_member_mark_memberships();
--> statement-breakpoint
-- A location renamed or moved to another time zone: every member's stamp.
CREATE FUNCTION chain_member_mark_locations() RETURNS trigger AS $$
BEGIN
  INSERT INTO chain_member_marks (xid, user_id)
    SELECT DISTINCT txid_current(), ul.user_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN user_locations ul ON ul.location_id = n.id
    WHERE (n.nickname, n.timezone) IS DISTINCT FROM (o.nickname, o.timezone)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER locations_member_update AFTER UPDATE ON locations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chain_member_mark_locations();
