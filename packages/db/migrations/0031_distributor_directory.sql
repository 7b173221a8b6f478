-- Issue 31: a distributor directory every company finds, distributors a restaurant adds for itself,
-- and ordering terms per location account.
--
-- Directory entries are platform data (in_directory), not demo data: the wizard's search and the
-- Distributor page's add offer only them plus the caller's own private entries. A private entry
-- (added with "Add '{name}'") belongs to the location that created it and, when that location is
-- part of a signed-up restaurant, to every location of that restaurant; an operator promotes or
-- merges it with `npm run distributor -- merge`. Demo distributors are neither, so they stay with
-- the demo locations that already buy from them.
CREATE SEQUENCE "distributors_id_seq" START WITH 100000;
--> statement-breakpoint
ALTER TABLE "distributors" ALTER COLUMN "id" SET DEFAULT nextval('distributors_id_seq');
--> statement-breakpoint
ALTER SEQUENCE "distributors_id_seq" OWNED BY "distributors"."id";
--> statement-breakpoint
ALTER TABLE "distributors"
  ADD COLUMN "in_directory" boolean NOT NULL DEFAULT false,
  -- The built-in order-guide template the distributor's export matches ('sysco-csv', 'usfoods-list'), '' when unknown.
  ADD COLUMN "order_guide_layout" text NOT NULL DEFAULT '',
  ADD COLUMN "owner_location_id" integer REFERENCES "locations" ("id") ON DELETE SET NULL,
  ADD COLUMN "owner_restaurant_id" integer REFERENCES "restaurants" ("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "distributors_directory_idx" ON "distributors" (lower("nickname")) WHERE "in_directory";
--> statement-breakpoint
CREATE INDEX "distributors_owner_restaurant_idx" ON "distributors" ("owner_restaurant_id") WHERE "owner_restaurant_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "distributors_owner_location_idx" ON "distributors" ("owner_location_id") WHERE "owner_location_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "distributors" ("id", "nickname", "website", "timezone", "in_directory", "order_guide_layout") VALUES
  (10001, 'Sysco', 'https://www.sysco.com', 'America/Chicago', true, 'sysco-csv'),
  (10002, 'US Foods', 'https://www.usfoods.com', 'America/Chicago', true, 'usfoods-list'),
  (10003, 'Performance Foodservice', 'https://www.performancefoodservice.com', 'America/New_York', true, ''),
  (10004, 'Gordon Food Service', 'https://gfs.com', 'America/Detroit', true, ''),
  (10005, 'Shamrock Foods', 'https://www.shamrockfoodservice.com', 'America/Phoenix', true, ''),
  (10006, 'Ben E. Keith', 'https://www.benekeith.com', 'America/Chicago', true, ''),
  (10007, 'Cheney Brothers', 'https://www.cheneybrothers.com', 'America/New_York', true, ''),
  (10008, 'The Chefs'' Warehouse', 'https://www.chefswarehouse.com', 'America/New_York', true, ''),
  (10009, 'Restaurant Depot', 'https://www.restaurantdepot.com', 'America/New_York', true, ''),
  (10010, 'Baldor Specialty Foods', 'https://www.baldorfood.com', 'America/New_York', true, ''),
  (10011, 'Labatt Food Service', 'https://www.labattfood.com', 'America/Chicago', true, ''),
  (10012, 'Merchants Foodservice', 'https://www.merchantsfoodservice.com', 'America/Chicago', true, ''),
  (10013, 'Nicholas and Company', 'https://www.nicholasandco.com', 'America/Denver', true, ''),
  (10014, 'Cash-Wa Distributing', 'https://www.cashwa.com', 'America/Chicago', true, ''),
  (10015, 'Jetro Cash & Carry', 'https://www.jetro.com', 'America/New_York', true, ''),
  (10016, 'D''Artagnan', 'https://www.dartagnan.com', 'America/New_York', true, '')
ON CONFLICT ("id") DO UPDATE SET "in_directory" = true, "nickname" = EXCLUDED."nickname";
--> statement-breakpoint
-- Ordering terms (issue 31). The cut-off is a local time of day in the location's time zone,
-- "days before" the delivery date; no cut-off time means an order may be placed up to the day itself.
ALTER TABLE "location_distributors"
  ADD COLUMN "order_cutoff_time" text,
  ADD COLUMN "order_cutoff_days_before" smallint NOT NULL DEFAULT 1,
  ADD COLUMN "delivery_fee" numeric(12, 2) NOT NULL DEFAULT '0',
  ADD CONSTRAINT "location_distributors_cutoff_time_check" CHECK ("order_cutoff_time" IS NULL OR "order_cutoff_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD CONSTRAINT "location_distributors_cutoff_days_check" CHECK ("order_cutoff_days_before" BETWEEN 0 AND 7);
