-- Issue 38: an order submission fires about twenty statement triggers (the read model's, the kept
-- reads', the suggestion versions' and days', the recipe costs', the analytics'). Those written with
-- EXECUTE parse and plan their statement on every call: at chain scale about 1-2 ms each, the largest
-- share of an order's PostgreSQL time after its own writes (auto_explain with log_triggers). EXECUTE
-- came in with 0038, whose lesson was a join of the two transition tables planned once for one row
-- and kept by PL/pgSQL for a 50,000-row statement (a nested loop over tables with no index). The
-- statements below keep that lesson without re-planning: they compare the transition tables with
-- EXCEPT (hashed or sorted, linear whatever plan is kept) and reach other tables only through a
-- lateral probe of their primary key (OFFSET 0 keeps it a probe per row), so the plan PL/pgSQL keeps
-- for the connection suits a statement of any size.

-- The suggestion version's marks (0053): static for inserts, deletes and updates of whole rows.
-- Tables whose updates count only some columns keep the column list and EXECUTE, but for the two an
-- order writes, which get their own function below.
CREATE OR REPLACE FUNCTION suggestion_version_bump() RETURNS trigger AS $$
DECLARE
  cols text;
  q text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO suggestion_version_marks (location_id, xid)
      SELECT DISTINCT location_id, txid_current() FROM new_rows WHERE location_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO suggestion_version_marks (location_id, xid)
      SELECT DISTINCT location_id, txid_current() FROM old_rows WHERE location_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  ELSIF TG_NARGS = 0 THEN
    INSERT INTO suggestion_version_marks (location_id, xid)
      SELECT location_id, txid_current() FROM (SELECT location_id FROM new_rows UNION SELECT location_id FROM old_rows) c
      WHERE location_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  ELSE
    SELECT string_agg(quote_ident(c), ', ') INTO cols FROM unnest(string_to_array(TG_ARGV[0], ',')) AS c;
    q := format('SELECT location_id FROM ((SELECT %1$s FROM new_rows EXCEPT SELECT %1$s FROM old_rows)
                 UNION ALL (SELECT %1$s FROM old_rows EXCEPT SELECT %1$s FROM new_rows)) x', cols);
    EXECUTE 'INSERT INTO suggestion_version_marks (location_id, xid)
               SELECT DISTINCT location_id, txid_current() FROM (' || q || ') c WHERE location_id IS NOT NULL
             ON CONFLICT DO NOTHING';
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The read model: its effective price is all a suggestion reads of it (an order rewrites only the
-- purchase statistics, which must not count).
CREATE FUNCTION suggestion_version_bump_reads() RETURNS trigger AS $$
BEGIN
  INSERT INTO suggestion_version_marks (location_id, xid)
    SELECT DISTINCT location_id, txid_current() FROM (
      (SELECT location_id, item_distributor_id, effective_price FROM new_rows
       EXCEPT SELECT location_id, item_distributor_id, effective_price FROM old_rows)
      UNION ALL
      (SELECT location_id, item_distributor_id, effective_price FROM old_rows
       EXCEPT SELECT location_id, item_distributor_id, effective_price FROM new_rows)) c
    WHERE location_id IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER "location_item_reads_sv_update" ON "location_item_reads";
--> statement-breakpoint
CREATE TRIGGER "location_item_reads_sv_update" AFTER UPDATE ON "location_item_reads"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_version_bump_reads();
--> statement-breakpoint
-- Orders: what is on the way (not their documents' and statuses' many updates).
CREATE FUNCTION suggestion_version_bump_orders() RETURNS trigger AS $$
BEGIN
  INSERT INTO suggestion_version_marks (location_id, xid)
    SELECT DISTINCT location_id, txid_current() FROM (
      (SELECT id, location_id, status, received_at, requested_delivery_date, timezone FROM new_rows
       EXCEPT SELECT id, location_id, status, received_at, requested_delivery_date, timezone FROM old_rows)
      UNION ALL
      (SELECT id, location_id, status, received_at, requested_delivery_date, timezone FROM old_rows
       EXCEPT SELECT id, location_id, status, received_at, requested_delivery_date, timezone FROM new_rows)) c
    WHERE location_id IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER "orders_sv_update" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_sv_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_version_bump_orders();
--> statement-breakpoint
-- The suggestion days' marks of received orders (0050), before and after the statement.
CREATE OR REPLACE FUNCTION suggestion_mark_orders() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO suggestion_dirty_days (location_id, source, day)
      SELECT DISTINCT location_id, 'r', (received_at AT TIME ZONE timezone)::date FROM new_rows WHERE received_at IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO suggestion_dirty_days (location_id, source, day)
      SELECT DISTINCT location_id, 'r', (received_at AT TIME ZONE timezone)::date FROM old_rows WHERE received_at IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION suggestion_mark_order_items() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO suggestion_dirty_days (location_id, source, day)
      SELECT DISTINCT o.location_id, 'r', (o.received_at AT TIME ZONE o.timezone)::date
      FROM (SELECT DISTINCT order_id FROM new_rows) r,
        LATERAL (SELECT location_id, received_at, timezone FROM orders WHERE id = r.order_id OFFSET 0) o
      WHERE o.received_at IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO suggestion_dirty_days (location_id, source, day)
      SELECT DISTINCT o.location_id, 'r', (o.received_at AT TIME ZONE o.timezone)::date
      FROM (SELECT DISTINCT order_id FROM old_rows) r,
        LATERAL (SELECT location_id, received_at, timezone FROM orders WHERE id = r.order_id OFFSET 0) o
      WHERE o.received_at IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The recipe costs' marks of a location's offers (0038): a row whose key or costed columns are not
-- among the other side's marks its location, as the two outer joins did.
CREATE OR REPLACE FUNCTION location_items_costs_mark_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO recipe_cost_dirty (location_id)
    SELECT DISTINCT location_id FROM (
      (SELECT location_id, item_distributor_id, price, end_date, is_punched_out, purchased_price, invoice_date, is_price_outdated FROM new_rows
       EXCEPT SELECT location_id, item_distributor_id, price, end_date, is_punched_out, purchased_price, invoice_date, is_price_outdated FROM old_rows)
      UNION ALL
      (SELECT location_id, item_distributor_id, price, end_date, is_punched_out, purchased_price, invoice_date, is_price_outdated FROM old_rows
       EXCEPT SELECT location_id, item_distributor_id, price, end_date, is_punched_out, purchased_price, invoice_date, is_price_outdated FROM new_rows)) c
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
