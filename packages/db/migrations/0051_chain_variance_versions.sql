-- Versions the chain price variance's cached answers are checked against (issue 39 at chain scale;
-- docs/decisions.md "Chain price variance: a cached answer checked against versions").
-- A value is only ever taken from the sequence, so a version never repeats, even after a rebuild.
CREATE SEQUENCE "chain_variance_version_seq";
--> statement-breakpoint
-- Per location: bumped by writeChainRollups in the transaction that rewrites its price rollups.
CREATE TABLE "chain_price_versions" (
  "location_id" integer PRIMARY KEY REFERENCES "locations"("id") ON DELETE CASCADE,
  "version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "chain_price_versions" ("location_id", "version")
SELECT "id", nextval('chain_variance_version_seq') FROM "locations";
--> statement-breakpoint
-- One row: bumped once per transaction that changes what the variance shows or groups by of an
-- offer, its item or its distributor (names, pack, unit, manufacturer code, links). Prices in the
-- catalogue are not read by the variance (it prices the order lines), so price updates do not bump.
CREATE TABLE "chain_catalog_version" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "chain_catalog_version" ("id", "version") VALUES (true, nextval('chain_variance_version_seq'));
--> statement-breakpoint
CREATE FUNCTION "chain_catalog_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction: the row then holds a value no reader has seen until this commits.
  IF current_setting('stockpot.chain_catalog_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    UPDATE "chain_catalog_version" SET "version" = nextval('chain_variance_version_seq');
    PERFORM set_config('stockpot.chain_catalog_bumped', txid_current()::text, true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "chain_catalog_bump_offer" AFTER UPDATE ON "item_distributors" FOR EACH ROW
  WHEN ((OLD."description", OLD."din", OLD."pack_size", OLD."unit_measure", OLD."item_id", OLD."distributor_id")
        IS DISTINCT FROM (NEW."description", NEW."din", NEW."pack_size", NEW."unit_measure", NEW."item_id", NEW."distributor_id"))
  EXECUTE FUNCTION "chain_catalog_bump"();
--> statement-breakpoint
CREATE TRIGGER "chain_catalog_bump_offer_delete" AFTER DELETE ON "item_distributors" FOR EACH STATEMENT
  EXECUTE FUNCTION "chain_catalog_bump"();
--> statement-breakpoint
CREATE TRIGGER "chain_catalog_bump_item" AFTER UPDATE ON "items" FOR EACH ROW
  WHEN ((OLD."name", OLD."generic_name", OLD."manufacturer", OLD."manufacturer_code")
        IS DISTINCT FROM (NEW."name", NEW."generic_name", NEW."manufacturer", NEW."manufacturer_code"))
  EXECUTE FUNCTION "chain_catalog_bump"();
--> statement-breakpoint
CREATE TRIGGER "chain_catalog_bump_item_delete" AFTER DELETE ON "items" FOR EACH STATEMENT
  EXECUTE FUNCTION "chain_catalog_bump"();
--> statement-breakpoint
CREATE TRIGGER "chain_catalog_bump_distributor" AFTER UPDATE ON "distributors" FOR EACH ROW
  WHEN (OLD."nickname" IS DISTINCT FROM NEW."nickname")
  EXECUTE FUNCTION "chain_catalog_bump"();
--> statement-breakpoint
CREATE TRIGGER "chain_catalog_bump_distributor_delete" AFTER DELETE ON "distributors" FOR EACH STATEMENT
  EXECUTE FUNCTION "chain_catalog_bump"();
