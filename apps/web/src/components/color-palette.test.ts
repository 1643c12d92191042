import { describe, expect, it } from "vitest";
import { queueColorSchema } from "@atendo/shared";
import { COLOR_PALETTE } from "./color-palette.js";

describe("colour palette", () => {
  it("has 49 distinct colours the shared schema accepts", () => {
    expect(COLOR_PALETTE).toHaveLength(49);
    expect(new Set(COLOR_PALETTE).size).toBe(49);
    for (const color of COLOR_PALETTE) expect(queueColorSchema.safeParse(color).success, color).toBe(true);
  });
});
