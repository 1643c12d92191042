/**
 * How a search of several words reads the message-body trigram index (issue 15; docs/PERFORMANCE.md, "Ticket lists
 * and search").
 *
 * `body ilike '%atendimento 51234%'` is one GIN scan key: GIN drives it by its rarest trigram and, for every message
 * that trigram matches, advances every other trigram's posting list to that message, so the trigrams of a word found
 * in most messages ("atendimento") have their whole posting trees read even when the term matches a handful. Read by
 * its rare word alone (`body ilike '% 51234%'`, a substring of the term, so implied by it) with the whole pattern as
 * the filter, the index touches only the rare word's short lists. Which words are rare is read from PostgreSQL's
 * statistics (messages_body_trgm_stats, migration 0028: the most common trigrams of message bodies with their
 * frequencies, kept by ANALYZE), the frequencies GIN itself orders a key's trigrams by. Without statistics, or
 * without a word far rarer than another, the whole pattern is the index's condition as before. What a search finds
 * does not change: the whole pattern is always checked.
 */

/** Trigram frequencies (share of rows containing each), as ANALYZE keeps them for messages_body_trgm_stats. */
export interface TrigramFrequencies {
  /** The most common trigrams as `show_trgm` prints them. */
  readonly common: ReadonlyMap<string, number>;
  /** The least frequency among them: a trigram not in the list is at most this frequent (ANALYZE's cut-off). */
  readonly floor: number;
}

export const NO_TRIGRAM_FREQUENCIES: TrigramFrequencies = { common: new Map(), floor: 0 };

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The parts of a search term that may become index conditions of their own: each whitespace-separated word with the
 * whitespace character on either side of it (so the word-boundary trigrams of the whole pattern are kept; together the
 * parts carry exactly the whole pattern's trigrams). Each part is a substring of the term, so a text that contains the
 * term contains every part. One word: no parts (the whole pattern is the condition).
 */
export function termParts(term: string): string[] {
  const words = [...term.matchAll(/\S+/g)];
  if (words.length < 2) return [];
  const parts = words.map((word) => term.slice(Math.max(0, word.index - 1), Math.min(term.length, word.index + word[0].length + 1)));
  return [...new Set(parts)];
}

/**
 * The trigrams pg_trgm extracts from `%part%` (ILIKE): lower-cased words of letters and digits, padded with two
 * blanks before and one after where the word borders a non-word character of the part (not where it meets the
 * pattern's `%`). `printable` holds those `show_trgm` prints as text (single-byte characters); the others are stored
 * hashed and cannot be looked up. `count` is how many there are in all (0: the part cannot use the index).
 */
export function partTrigrams(part: string): { printable: string[]; count: number } {
  const chars = Array.from(part.toLowerCase());
  const printable: string[] = [];
  let count = 0;
  let i = 0;
  while (i < chars.length) {
    if (!WORD_CHAR.test(chars[i]!)) {
      i++;
      continue;
    }
    const start = i;
    while (i < chars.length && WORD_CHAR.test(chars[i]!)) i++;
    const padded = [...(start > 0 ? [" ", " "] : []), ...chars.slice(start, i), ...(i < chars.length ? [" "] : [])];
    for (let j = 0; j + 3 <= padded.length; j++) {
      count++;
      const trigram = padded.slice(j, j + 3);
      if (trigram.every((c) => c.charCodeAt(0) < 0x80)) printable.push(trigram.join(""));
    }
  }
  return { printable, count };
}

/**
 * At most how many of the rows a part matches, as a share: the frequency of its rarest trigram that can be looked up
 * (one missing from the statistics' most common ones counts as their least frequency, the most it can be). A part
 * none of whose trigrams can be looked up counts as 1 (unknown: never taken for rare).
 */
export function partFrequency(part: string, frequencies: TrigramFrequencies): number {
  const { printable } = partTrigrams(part);
  if (printable.length === 0) return 1;
  return Math.min(...printable.map((trigram) => frequencies.common.get(trigram) ?? frequencies.floor));
}

/**
 * How much rarer than the commonest part a part must be to be read from the index on its own. The split saves reading
 * the common parts' posting trees and costs, for every message the rare parts match, one more ILIKE (the whole
 * pattern, checked apart); measured on the bench's 1,000,000 messages in docs/PERFORMANCE.md.
 */
export const SPLIT_RARITY = 100;

/**
 * The parts of a multi-word term the index is read by, rarest first (ties keep the term's order): those at least
 * SPLIT_RARITY times rarer than the term's commonest part by the statistics, which is left to the whole pattern's
 * check with every other part. Empty (the whole pattern is the index's condition, as for one word) when no part is
 * that rare, when fewer than two parts carry trigrams, or without statistics.
 */
export function indexedParts(term: string, frequencies: TrigramFrequencies): string[] {
  const parts = termParts(term)
    .filter((part) => partTrigrams(part).count > 0)
    .map((part, order) => ({ part, order, frequency: partFrequency(part, frequencies) }))
    .sort((a, b) => a.frequency - b.frequency || a.order - b.order);
  if (parts.length < 2 || frequencies.common.size === 0) return [];
  const commonest = parts[parts.length - 1]!.frequency;
  return parts.filter((p) => p.frequency * SPLIT_RARITY <= commonest).map(({ part }) => part);
}
