-- Issue 40 "Live cart": every write that moves a location's cart version, changes an order's
-- status or attaches an invoice tells the server processes on channel stockpot_live, in the
-- transaction of the write (delivered on commit, never for a rolled-back write). Triggers rather
-- than calls in the services, so no writer (cart save, savings swap, special request, checkout,
-- receiving, the purchase-order job, a future one) can forget it. The payload names the location
-- for the processes' routing only; what a browser gets is the type, ids and the version.
CREATE OR REPLACE FUNCTION live_events_cart_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('stockpot_live', json_build_object(
    'type', 'cart',
    'locationId', NEW.location_id,
    -- The cart version exactly as GET shopping-carts writes it (platform/cart/cart-version.repo.ts).
    'version', to_char(NEW.last_modified AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER carts_live_events_insert AFTER INSERT ON carts
  FOR EACH ROW EXECUTE FUNCTION live_events_cart_changed();
--> statement-breakpoint
CREATE TRIGGER carts_live_events_update AFTER UPDATE OF last_modified ON carts
  FOR EACH ROW WHEN (OLD.last_modified IS DISTINCT FROM NEW.last_modified)
  EXECUTE FUNCTION live_events_cart_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_events_order_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('stockpot_live', json_build_object(
    'type', 'order', 'locationId', NEW.location_id, 'orderId', NEW.id)::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The order-history page shows the status, the purchase order's dispatch, receiving, the credit
-- and the documents: a change of any of them refreshes an open page.
CREATE TRIGGER orders_live_events_update AFTER UPDATE ON orders
  FOR EACH ROW WHEN ((OLD.status, OLD.po_status, OLD.received_at, OLD.receiving_version, OLD.documents_status, OLD.credit_status, OLD.total)
    IS DISTINCT FROM (NEW.status, NEW.po_status, NEW.received_at, NEW.receiving_version, NEW.documents_status, NEW.credit_status, NEW.total))
  EXECUTE FUNCTION live_events_order_changed();
--> statement-breakpoint
-- New orders per statement: the demo seed inserts thousands at once, which must not queue one
-- notification each. One order (a checkout) names itself; a bulk insert names only its locations.
CREATE OR REPLACE FUNCTION live_events_orders_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('stockpot_live', json_build_object(
    'type', 'order', 'locationId', n.location_id, 'orderId', CASE WHEN n.orders = 1 THEN n.order_id END)::text)
  FROM (SELECT location_id, count(*) AS orders, min(id) AS order_id FROM new_rows GROUP BY location_id) n;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_live_events_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_events_orders_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_events_invoice_changed() RETURNS trigger AS $$
DECLARE
  changed order_invoice_images%ROWTYPE;
BEGIN
  changed := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  PERFORM pg_notify('stockpot_live', json_build_object(
    'type', 'order', 'locationId', changed.location_id, 'orderId', changed.order_id)::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER order_invoice_images_live_events AFTER INSERT OR DELETE ON order_invoice_images
  FOR EACH ROW EXECUTE FUNCTION live_events_invoice_changed();
--> statement-breakpoint
-- A signed-out session and a membership taken away end their streams at once, on every process.
CREATE OR REPLACE FUNCTION live_events_session_revoked() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('stockpot_live', json_build_object('type', 'session-ended', 'sessionId', NEW.id)::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_live_events AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION live_events_session_revoked();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_events_membership_ended() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('stockpot_live', json_build_object(
    'type', 'membership-ended', 'userId', OLD.user_id, 'locationId', OLD.location_id)::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_locations_live_events AFTER DELETE ON user_locations
  FOR EACH ROW EXECUTE FUNCTION live_events_membership_ended();
