-- Savings matches (place-order list, GET items/matches, get-last-purchased) look up a location's
-- other items of the same generic product or the same manufacturer code, compared the way
-- match.rules compares text (trimmed, case-insensitive). These expression indexes serve that lookup
-- per listed row instead of a scan of the catalogue.
CREATE INDEX "items_generic_name_match_idx" ON "items" (lower(btrim("generic_name")));
--> statement-breakpoint
CREATE INDEX "items_manufacturer_code_match_idx" ON "items" (lower(btrim("manufacturer_code")));
