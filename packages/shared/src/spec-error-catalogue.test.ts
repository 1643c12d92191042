import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "./errors.js";
import { ADMIN_SPEC_ERROR_CATALOGUE, CORE_SPEC_ERROR_CATALOGUE } from "./spec-error-catalogue.js";

describe("the spec's error catalogues", () => {
  const all = [...CORE_SPEC_ERROR_CATALOGUE, ...ADMIN_SPEC_ERROR_CATALOGUE].map((entry) => entry.code);

  it("quotes all 27 codes of both catalogues, each once", () => {
    expect(all).toHaveLength(27);
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) expect(code).toMatch(/^ERR_[A-Z_]+$/);
  });

  it("has every catalogue code in the server's error module", () => {
    const known = new Set<string>(ERROR_CODES);
    expect(all.filter((code) => !known.has(code))).toEqual([]);
  });
});
