-- Issue 37 "It learns": each suggested line a buyer adds to the cart, with the cases suggested and the
-- cases the buyer chose (changed or not) and who chose them, so a report can show per group how often
-- suggestions were taken and how far off they were.
CREATE TABLE "suggested_order_choices" (
  "id" serial PRIMARY KEY,
  "location_id" integer NOT NULL REFERENCES "locations" ("id") ON DELETE CASCADE,
  "generic_group_id" integer NOT NULL,
  "group_name" text NOT NULL,
  "item_distributor_id" integer,
  "suggested" integer NOT NULL CHECK ("suggested" >= 0),
  "ordered" integer NOT NULL CHECK ("ordered" >= 0),
  "user_id" integer REFERENCES "users" ("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "suggested_order_choices_location_group_idx" ON "suggested_order_choices" ("location_id", "generic_group_id", "created_at");
