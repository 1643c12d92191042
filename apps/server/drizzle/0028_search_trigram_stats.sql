-- Ticket search by message text (tickets/search-terms.ts): ANALYZE keeps the most common trigrams of message bodies
-- with their frequencies (pg_stats_ext_exprs), which a search of several words reads to put its rarest word first
-- among the trigram index's conditions. Only statistics: nothing is stored per row and no insert costs more.
CREATE STATISTICS IF NOT EXISTS "messages_body_trgm_stats" ON (show_trgm("body")) FROM "messages";
