-- Issue 38: the list's full-text search found a location's rows through GIN (location_id,
-- search_vector), whose two columns are separate keys: a prefix query ('chi':*) walked the posting
-- lists of every location's rows that hold a matching word (606 k rows at chain scale: 5.5 ms of the
-- 7.7 ms a search suggestion cost PostgreSQL) before keeping the location's. Here every word carries
-- its location ('58:chicken'), so the same query, its words carrying the location too, reads only
-- the location's own posting lists. Positions are kept, so phrase operators and ranks answer as on
-- search_vector. (Partitioning the table by location did the same for search, but with the pool's
-- generic plans every unnamed statement on it planned all partitions: 0.4 ms each, docs/decisions.md.)

-- A tsvector or tsquery with every quoted word prefixed by `location_id:` (text forms quote each
-- word, doubling any quote inside; the prefix holds neither quote nor backslash).
CREATE FUNCTION location_words(location_id integer, vector tsvector) RETURNS tsvector AS $$
  SELECT regexp_replace(vector::text, '''((?:[^'']|'''')*)''', '''' || location_id || ':\1''', 'g')::tsvector
$$ LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
--> statement-breakpoint
CREATE FUNCTION location_words(location_id integer, query tsquery) RETURNS tsquery AS $$
  SELECT regexp_replace(query::text, '''((?:[^'']|'''')*)''', '''' || location_id || ':\1''', 'g')::tsquery
$$ LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
--> statement-breakpoint
ALTER TABLE "location_item_reads" ADD COLUMN "location_search_vector" tsvector
  GENERATED ALWAYS AS (location_words("location_id", "search_vector")) STORED;
--> statement-breakpoint
-- location_id stays a key: the pool's generic plans do not know the query's words, and with the
-- words alone the planner read the location's 4 k rows through a btree and filtered them (4 ms).
CREATE INDEX "location_item_reads_location_search_idx" ON "location_item_reads" USING gin ("location_id", "location_search_vector");
--> statement-breakpoint
DROP INDEX "location_item_reads_search_idx";
