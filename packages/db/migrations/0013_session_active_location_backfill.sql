-- Sessions opened before the active location moved onto the session keep working in the location
-- their user had chosen.
UPDATE "sessions" SET "active_location_id" = "users"."active_location_id"
FROM "users"
WHERE "users"."id" = "sessions"."user_id" AND "sessions"."active_location_id" IS NULL;
