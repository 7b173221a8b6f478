-- Issue 39 at chain scale: the chain's stock page reads the groups of its 20 shared names across
-- the owner's locations (200 in the chain data: 22 k groups). Without an index on the name as it is
-- compared (case and spaces aside), every page grouped all of them again.
CREATE INDEX "inventory_groups_name_key_idx" ON "inventory_groups" (lower(btrim("name")), "location_id");
