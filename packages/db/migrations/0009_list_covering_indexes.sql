-- The place-order list reads every offer of the location with its item once per request (the `loc`
-- CTE of catalog.repo.ts: the page's order and the savings-match candidates), a few thousand key
-- lookups into the two largest tables. These covering indexes answer those lookups from the index
-- alone (index-only scans), without visiting the table's pages: the offer's item, and the item's
-- name and matching keys.
CREATE INDEX IF NOT EXISTS "item_distributors_id_item_idx" ON "item_distributors" ("id") INCLUDE ("item_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "items_id_list_keys_idx" ON "items" ("id") INCLUDE ("name", "generic_name", "manufacturer_code");
