-- Issue 38: the typo pass (a search no word of which matched as typed) checked pg_trgm's word
-- similarity of the search against every candidate's whole search text (about 140 characters): the
-- trigram index only bounds it, so each of a typo's 400–650 candidates was rechecked at 15–22 µs,
-- 8–18 ms a typo on PostgreSQL and up to 30 ms embedded. A typo is now corrected word by word
-- against the location's dictionary: the words of its offers' search vectors, a few thousand short
-- words per location, whose trigram index answers in well under a millisecond. The corrected words
-- then find the offers through the full-text index the exact pass uses (docs/decisions.md "A typo
-- is corrected word by word"). Words are only added (by the read model's search sync); a word no
-- offer holds any more corrects to nothing the location lists, so it is harmless.
CREATE TABLE "location_search_words" (
  "location_id" integer NOT NULL REFERENCES "locations" ("id") ON DELETE CASCADE,
  "word" text NOT NULL,
  -- The word leads the key: a key led by the location would tempt the planner (PGlite's above all,
  -- which has no autovacuum to keep statistics) to read every word of the location and compare each,
  -- where the trigram index below finds the few within a typo.
  PRIMARY KEY ("word", "location_id")
);
--> statement-breakpoint
INSERT INTO "location_search_words" ("location_id", "word")
  SELECT DISTINCT s."location_id", w.word
  FROM "location_item_searches" s, unnest(tsvector_to_array(s."search_vector")) AS w(word)
  WHERE w.word ~ '[[:alpha:]]';
--> statement-breakpoint
CREATE INDEX "location_search_words_trgm_idx" ON "location_search_words" USING gin ("location_id", "word" gin_trgm_ops);
--> statement-breakpoint
-- Nothing reads the whole text's trigrams any more; dropping the index spares every text change its writes.
DROP INDEX "location_item_searches_trgm_idx";
--> statement-breakpoint
ANALYZE "location_search_words";
