-- Issue 38: relevance ranks a name holding the search as a whole phrase first. It normalised every
-- match's name with a regular expression on each search (btrim(regexp_replace(lower(name),
-- '[^[:alnum:]]+', ' ', 'g')), about 2.7 µs a row, for every match of the search, 313 for "cheese"
-- in one location). The read model now stores that form, computed once when the row is written; the
-- search's own phrase is computed once per statement. The expression is item-sql.ts's phraseSql.
ALTER TABLE "location_item_reads" ADD COLUMN "name_phrase" text
  GENERATED ALWAYS AS (btrim(regexp_replace(lower("name"), '[^[:alnum:]]+', ' ', 'g'))) STORED;
