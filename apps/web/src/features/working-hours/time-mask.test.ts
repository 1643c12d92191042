import { describe, expect, it } from "vitest";
import { maskTime } from "./time-mask.js";

describe("maskTime", () => {
  it.each([
    ["", ""],
    ["0", "0"],
    ["08", "08"],
    ["083", "08:3"],
    ["0830", "08:30"],
    ["08:30", "08:30"],
    ["08:305", "08:30"],
    ["8h30", "83:0"],
    ["ab12cd34", "12:34"],
  ])("%s → %s", (raw, masked) => {
    expect(maskTime(raw)).toBe(masked);
  });
});
