-- Order-guide import staging (issue 20): the lines of an upload, read from its file in chunks by the
-- order-guide-import job (each chunk its own short statement, the progress written between them),
-- then applied to every location of the upload in one final transaction, which also deletes them.
-- A failed import leaves the locations' prices as they were; its lines are deleted when it fails
-- for good, and a retry starts over. Hand-written and not in the Drizzle schema, like the read model.
-- The offer columns are computed in TypeScript (pack size, unit price) as the import's ensureOffers
-- wrote them before. location_id is the upload's location (the distribution column).
CREATE TABLE "order_guide_upload_lines" (
  "upload_id" integer NOT NULL REFERENCES "order_guide_uploads" ("id") ON DELETE CASCADE,
  "location_id" integer NOT NULL REFERENCES "locations" ("id") ON DELETE CASCADE,
  -- The row of the file (1-based): the key, and the order the lines were read in.
  "sheet_row" integer NOT NULL,
  "din" text NOT NULL,
  "name" text NOT NULL,
  "brand" text NOT NULL,
  "pack_size" text NOT NULL,
  "unit_quantity" integer NOT NULL,
  "unit_size" numeric(12, 4) NOT NULL,
  "pack_size_uom" text NOT NULL,
  "unit_measure" text NOT NULL,
  -- The guide price; null when the file gives none (a market-price line, a list without prices):
  -- the location keeps its current price.
  "price" numeric(12, 2),
  -- A new offer's list price and unit price (the line's price, or 0).
  "list_price" numeric(12, 2) NOT NULL,
  "unit_price" numeric(14, 4) NOT NULL,
  "is_catch_weight" boolean NOT NULL,
  "is_market_price" boolean NOT NULL,
  -- The id the final transaction gives the new catalogue item of a DIN the distributor did not
  -- have (nextval of items' sequence), so the item and its offer are written without a join.
  "item_id" integer,
  PRIMARY KEY ("location_id", "upload_id", "sheet_row")
);
