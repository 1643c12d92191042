import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { NO_TRIGRAM_FREQUENCIES, type TrigramFrequencies } from "./search-terms.js";

/** How long a process keeps the statistics it read (ANALYZE refreshes them far less often). */
export const TRIGRAM_FREQUENCIES_TTL_MS = 10 * 60_000;

const cache = new WeakMap<object, { at: number; frequencies: Promise<TrigramFrequencies> }>();

/**
 * The most common trigrams of message bodies and their frequencies, as ANALYZE keeps them for the extended statistics
 * messages_body_trgm_stats (migration 0028), read once per database handle and TTL: one statement every ten minutes,
 * not one per search. They order a multi-word search's index conditions (search-terms.ts) and nothing else: they
 * never decide what a search finds, and none of it leaves the server. Table-wide, not per company, as the index is.
 * None yet (never analyzed, as PGlite's own tables until someone runs ANALYZE) or not readable (pg_stats_ext_exprs
 * shows only the statistics of tables the role owns): no frequencies, the term's order.
 */
export function bodyTrigramFrequencies(db: DbOrTx): Promise<TrigramFrequencies> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.at < TRIGRAM_FREQUENCIES_TTL_MS) return cached.frequencies;
  const frequencies = readFrequencies(db);
  cache.set(db, { at: Date.now(), frequencies });
  return frequencies;
}

async function readFrequencies(db: DbOrTx): Promise<TrigramFrequencies> {
  try {
    const result = (await db.execute(sql`
      select most_common_elems::text::text[] as elems, most_common_elem_freqs::float8[] as freqs
      from pg_stats_ext_exprs
      where schemaname = current_schema() and tablename = 'messages' and statistics_name = 'messages_body_trgm_stats'
        and most_common_elems is not null
      limit 1`)) as unknown as { rows: { elems: string[] | null; freqs: (number | string)[] | null }[] };
    const row = result.rows[0];
    if (!row?.elems || !row.freqs) return NO_TRIGRAM_FREQUENCIES;
    // The frequencies list has one value per trigram, then the least and greatest of them and the null share.
    const common = new Map<string, number>();
    row.elems.forEach((trigram, i) => common.set(trigram, Number(row.freqs![i])));
    return { common, floor: Math.min(...common.values()) };
  } catch {
    return NO_TRIGRAM_FREQUENCIES;
  }
}
