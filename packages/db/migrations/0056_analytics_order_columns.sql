-- Issue 39: an order's update marks its day for the analytics aggregate (and the chain's price
-- rollups rewritten with it) only when a column the aggregate reads changed: the order's location,
-- distributor, totals, refused credit, creation time or status. 0025 marked on any update, so the
-- purchase-order worker's status and document writes rewrote the day and moved the location's
-- rollup version; the chain price variance, checked against those versions, was recomputed after
-- every dispatched order (issue 39 at chain scale, docs/performance.md, stop 52).
CREATE FUNCTION analytics_mark_changed_orders() RETURNS trigger AS $$
BEGIN
  INSERT INTO analytics_dirty_days (location_id, day)
    SELECT DISTINCT c.location_id, (c.created_at AT TIME ZONE l.timezone)::date
    FROM ((SELECT id, location_id, distributor_id, total, credit_refusal, total_rebates, created_at, status FROM new_rows
           EXCEPT SELECT id, location_id, distributor_id, total, credit_refusal, total_rebates, created_at, status FROM old_rows)
          UNION ALL
          (SELECT id, location_id, distributor_id, total, credit_refusal, total_rebates, created_at, status FROM old_rows
           EXCEPT SELECT id, location_id, distributor_id, total, credit_refusal, total_rebates, created_at, status FROM new_rows)) c
    JOIN locations l ON l.id = c.location_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER "orders_analytics_update" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_analytics_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_changed_orders();
