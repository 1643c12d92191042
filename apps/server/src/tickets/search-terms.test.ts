import { describe, expect, it } from "vitest";
import { indexedParts, NO_TRIGRAM_FREQUENCIES, partFrequency, partTrigrams, termParts, type TrigramFrequencies } from "./search-terms.js";

/** Every trigram of "atendimento" (as pg_trgm pads it at a word's end) in every message; the rest rarer. */
const frequencies: TrigramFrequencies = {
  common: new Map([
    ...["ate", "ten", "end", "ndi", "dim", "ime", "men", "ent", "nto", "to ", "  a", " at"].map((t) => [t, 1] as const),
    ["  5", 0.25],
    [" 51", 0.014],
    ["512", 0.005],
    ["123", 0.005],
    ["234", 0.005],
    ["  d", 0.6],
    [" do", 0.6],
    ["do ", 0.6],
  ]),
  floor: 0.004,
};

describe("search terms", () => {
  it("splits a term into its words with the whitespace beside them, each a substring of the term", () => {
    expect(termParts("atendimento")).toEqual([]);
    expect(termParts("atendimento 51234")).toEqual(["atendimento ", " 51234"]);
    expect(termParts("a  b\tc")).toEqual(["a ", " b\t", "\tc"]);
    for (const part of termParts("pedido  51234 do João")) expect("pedido  51234 do João").toContain(part);
  });

  it("extracts the trigrams pg_trgm takes from %part%: padded only where a word meets a non-word character", () => {
    expect(partTrigrams("atendimento ").printable).toEqual(["ate", "ten", "end", "ndi", "dim", "ime", "men", "ent", "nto", "to "]);
    expect(partTrigrams(" 51234").printable).toEqual(["  5", " 51", "512", "123", "234"]);
    expect(partTrigrams("ab")).toEqual({ printable: [], count: 0 });
    expect(partTrigrams("a ")).toEqual({ printable: [], count: 0 });
    expect(partTrigrams(" a").printable).toEqual(["  a"]);
    // Multi-byte trigrams are stored hashed: counted, not printable.
    expect(partTrigrams(" NÃO ")).toEqual({ printable: ["  n"], count: 4 });
    expect(partTrigrams("50%").printable).toEqual(["50 "]);
  });

  it("takes a part's frequency from its rarest trigram, unknown ones at the statistics' least", () => {
    expect(partFrequency("atendimento ", frequencies)).toBe(1);
    expect(partFrequency(" 51234", frequencies)).toBe(0.005);
    expect(partFrequency(" 9f3", frequencies)).toBe(0.004);
    expect(partFrequency("ção", frequencies)).toBe(1);
  });

  it("reads the index by the parts far rarer than the commonest, rarest first", () => {
    expect(indexedParts("atendimento 51234", frequencies)).toEqual([" 51234"]);
    expect(indexedParts("51234 do atendimento 9f3", frequencies)).toEqual(["51234 ", " 9f3"]);
    // No part rare enough (the commonest is 1, " 51" is 0.014): the whole pattern, as before.
    expect(indexedParts("atendimento 51", frequencies)).toEqual([]);
    expect(indexedParts("atendimento do", frequencies)).toEqual([]);
    // One word, one part with trigrams, or no statistics: the whole pattern.
    expect(indexedParts("atendimento51234", frequencies)).toEqual([]);
    expect(indexedParts("1 do", frequencies)).toEqual([]);
    expect(indexedParts("atendimento 51234", NO_TRIGRAM_FREQUENCIES)).toEqual([]);
  });
});
