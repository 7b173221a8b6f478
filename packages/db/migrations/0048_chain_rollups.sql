-- Chain view at chain scale (issue 39): rollups of the analytics daily aggregate, so a year of 200
-- locations reads a few hundred rows. Hand-written and not in the Drizzle schema, like
-- analytics_days (0025). Maintained by refreshAnalyticsDays with the days it rewrites
-- (packages/db/src/analytics/analytics-rollups.ts): the same triggers mark the days, the same
-- recompute tops them up when read (docs/decisions.md "Chain view at chain scale").
--
-- analytics_periods: analytics_days summed per location and calendar month or year of the location
-- (all distributors). The chain summary reads whole periods from here, the rest from analytics_days
-- (domain coverRangeByPeriods).
CREATE TABLE "analytics_periods" (
  "location_id" integer NOT NULL,
  "period_unit" text NOT NULL CHECK ("period_unit" IN ('month', 'year')),
  "period_start" date NOT NULL,
  "orders" integer NOT NULL,
  "purchases" numeric NOT NULL,
  "rebates" numeric NOT NULL,
  "distributor_savings" numeric NOT NULL,
  "inventory_view_savings" numeric NOT NULL,
  "match_savings" bigint NOT NULL,
  PRIMARY KEY ("location_id", "period_unit", "period_start")
    INCLUDE ("orders", "purchases", "rebates", "distributor_savings", "inventory_view_savings", "match_savings")
);
--> statement-breakpoint
-- chain_price_days: what each location paid per offer and calendar day, over the lines the price
-- variance prices (not cancelled; no specials, market price, catch weight or $0 lines; cases kept > 0).
CREATE TABLE "chain_price_days" (
  "location_id" integer NOT NULL,
  "day" date NOT NULL,
  "item_distributor_id" integer NOT NULL,
  "low_price" numeric(12, 2) NOT NULL,
  "high_price" numeric(12, 2) NOT NULL,
  "quantity" bigint NOT NULL,
  "spend" numeric NOT NULL,
  PRIMARY KEY ("location_id", "day", "item_distributor_id")
);
--> statement-breakpoint
CREATE INDEX "chain_price_days_offer_idx" ON "chain_price_days" ("location_id", "item_distributor_id", "day")
  INCLUDE ("low_price", "high_price", "quantity", "spend");
--> statement-breakpoint
-- chain_price_periods: the same per month and year, with the first and last day bought in it, so a
-- period whose purchases all fall inside a range is read as one row even when the range cuts it.
CREATE TABLE "chain_price_periods" (
  "location_id" integer NOT NULL,
  "period_unit" text NOT NULL CHECK ("period_unit" IN ('month', 'year')),
  "period_start" date NOT NULL,
  "item_distributor_id" integer NOT NULL,
  "low_price" numeric(12, 2) NOT NULL,
  "high_price" numeric(12, 2) NOT NULL,
  "quantity" bigint NOT NULL,
  "spend" numeric NOT NULL,
  "first_day" date NOT NULL,
  "last_day" date NOT NULL,
  PRIMARY KEY ("location_id", "period_unit", "period_start", "item_distributor_id")
    INCLUDE ("low_price", "high_price", "quantity", "spend", "first_day", "last_day")
);
--> statement-breakpoint
CREATE INDEX "chain_price_periods_offer_idx" ON "chain_price_periods" ("location_id", "item_distributor_id", "period_unit", "period_start")
  INCLUDE ("low_price", "high_price", "quantity", "spend", "first_day", "last_day");
--> statement-breakpoint
INSERT INTO "analytics_periods"
  SELECT location_id, 'month', date_trunc('month', day)::date, sum(orders), sum(purchases), sum(rebates),
         sum(distributor_savings), sum(inventory_view_savings), sum(match_savings)
  FROM "analytics_days" GROUP BY location_id, date_trunc('month', day);
--> statement-breakpoint
INSERT INTO "analytics_periods"
  SELECT location_id, 'year', date_trunc('year', period_start)::date, sum(orders), sum(purchases), sum(rebates),
         sum(distributor_savings), sum(inventory_view_savings), sum(match_savings)
  FROM "analytics_periods" WHERE period_unit = 'month' GROUP BY location_id, date_trunc('year', period_start);
--> statement-breakpoint
INSERT INTO "chain_price_days"
  SELECT o.location_id, (o.created_at AT TIME ZONE l.timezone)::date, oi.item_distributor_id, min(oi.price), max(oi.price),
         sum(coalesce(oi.received_quantity, oi.quantity)), sum(oi.price * coalesce(oi.received_quantity, oi.quantity))
  FROM orders o
  JOIN locations l ON l.id = o.location_id
  JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id
  WHERE o.status <> 'cancelled' AND oi.item_distributor_id IS NOT NULL AND NOT oi.is_special AND NOT oi.is_market_price
    AND NOT oi.is_catch_weight AND oi.price > 0 AND coalesce(oi.received_quantity, oi.quantity) > 0
  GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "chain_price_periods"
  SELECT location_id, 'month', date_trunc('month', day)::date, item_distributor_id, min(low_price), max(high_price),
         sum(quantity), sum(spend), min(day), max(day)
  FROM "chain_price_days" GROUP BY location_id, date_trunc('month', day), item_distributor_id;
--> statement-breakpoint
INSERT INTO "chain_price_periods"
  SELECT location_id, 'year', date_trunc('year', period_start)::date, item_distributor_id, min(low_price), max(high_price),
         sum(quantity), sum(spend), min(first_day), max(last_day)
  FROM "chain_price_periods" WHERE period_unit = 'month' GROUP BY location_id, date_trunc('year', period_start), item_distributor_id;
