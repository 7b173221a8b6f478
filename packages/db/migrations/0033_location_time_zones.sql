-- Issue 31: a location's time zone follows its address. Sign-up now sets it (the domain's
-- getAddressTimeZone with the zip table of `zipcode-to-timezone`); locations signed up before that
-- were all left at the column's default, America/New_York. This moves those still on the default
-- to their state's main zone. SQL has no zip table: a location in a state that spans two zones
-- (El Paso, Pensacola) gets the state's main zone here, which is still nearer than New York's.
-- Only signed-up locations (restaurant_locations) are touched; the demo's were set on purpose.
UPDATE "locations" AS l
SET "timezone" = z.zone
FROM (
  SELECT id, CASE upper(trim(state))
    WHEN 'AL' THEN 'America/Chicago'
    WHEN 'AK' THEN 'America/Anchorage'
    WHEN 'AZ' THEN 'America/Phoenix'
    WHEN 'AR' THEN 'America/Chicago'
    WHEN 'CA' THEN 'America/Los_Angeles'
    WHEN 'CO' THEN 'America/Denver'
    WHEN 'CT' THEN 'America/New_York'
    WHEN 'DE' THEN 'America/New_York'
    WHEN 'DC' THEN 'America/New_York'
    WHEN 'FL' THEN 'America/New_York'
    WHEN 'GA' THEN 'America/New_York'
    WHEN 'HI' THEN 'Pacific/Honolulu'
    WHEN 'ID' THEN 'America/Boise'
    WHEN 'IL' THEN 'America/Chicago'
    WHEN 'IN' THEN 'America/Indiana/Indianapolis'
    WHEN 'IA' THEN 'America/Chicago'
    WHEN 'KS' THEN 'America/Chicago'
    WHEN 'KY' THEN 'America/New_York'
    WHEN 'LA' THEN 'America/Chicago'
    WHEN 'ME' THEN 'America/New_York'
    WHEN 'MD' THEN 'America/New_York'
    WHEN 'MA' THEN 'America/New_York'
    WHEN 'MI' THEN 'America/Detroit'
    WHEN 'MN' THEN 'America/Chicago'
    WHEN 'MS' THEN 'America/Chicago'
    WHEN 'MO' THEN 'America/Chicago'
    WHEN 'MT' THEN 'America/Denver'
    WHEN 'NE' THEN 'America/Chicago'
    WHEN 'NV' THEN 'America/Los_Angeles'
    WHEN 'NH' THEN 'America/New_York'
    WHEN 'NJ' THEN 'America/New_York'
    WHEN 'NM' THEN 'America/Denver'
    WHEN 'NY' THEN 'America/New_York'
    WHEN 'NC' THEN 'America/New_York'
    WHEN 'ND' THEN 'America/Chicago'
    WHEN 'OH' THEN 'America/New_York'
    WHEN 'OK' THEN 'America/Chicago'
    WHEN 'OR' THEN 'America/Los_Angeles'
    WHEN 'PA' THEN 'America/New_York'
    WHEN 'PR' THEN 'America/Puerto_Rico'
    WHEN 'RI' THEN 'America/New_York'
    WHEN 'SC' THEN 'America/New_York'
    WHEN 'SD' THEN 'America/Chicago'
    WHEN 'TN' THEN 'America/Chicago'
    WHEN 'TX' THEN 'America/Chicago'
    WHEN 'UT' THEN 'America/Denver'
    WHEN 'VT' THEN 'America/New_York'
    WHEN 'VA' THEN 'America/New_York'
    WHEN 'VI' THEN 'America/St_Thomas'
    WHEN 'WA' THEN 'America/Los_Angeles'
    WHEN 'WV' THEN 'America/New_York'
    WHEN 'WI' THEN 'America/Chicago'
    WHEN 'WY' THEN 'America/Denver'
    WHEN 'GU' THEN 'Pacific/Guam'
  END AS zone
  FROM "locations"
) AS z
WHERE z.id = l.id
  AND z.zone IS NOT NULL
  AND l."timezone" = 'America/New_York'
  AND l.id IN (SELECT "location_id" FROM "restaurant_locations");
