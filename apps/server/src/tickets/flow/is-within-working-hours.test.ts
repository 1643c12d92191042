import { describe, expect, it } from "vitest";
import { defaultWorkingHours } from "@atendo/shared";
import { isWithinWorkingHours } from "./is-within-working-hours.js";

const SP = "America/Sao_Paulo";
// São Paulo is UTC-3 (no daylight saving time since 2019).
const at = (iso: string) => new Date(`${iso}-03:00`);

describe("isWithinWorkingHours", () => {
  const hours = defaultWorkingHours();

  it("is open inside the day's hours and closed outside them", () => {
    expect(isWithinWorkingHours(hours, at("2026-03-02T08:00:00"), SP)).toBe(true); // Monday
    expect(isWithinWorkingHours(hours, at("2026-03-02T17:59:00"), SP)).toBe(true);
    expect(isWithinWorkingHours(hours, at("2026-03-02T18:00:00"), SP)).toBe(false);
    expect(isWithinWorkingHours(hours, at("2026-03-02T07:59:00"), SP)).toBe(false);
    expect(isWithinWorkingHours(hours, at("2026-03-07T11:00:00"), SP)).toBe(true); // Saturday 08-12
    expect(isWithinWorkingHours(hours, at("2026-03-07T12:30:00"), SP)).toBe(false);
  });

  it("treats 00:00–00:00 as a closed day and an empty table as always open", () => {
    expect(isWithinWorkingHours(hours, at("2026-03-01T10:00:00"), SP)).toBe(false); // Sunday
    expect(isWithinWorkingHours([], at("2026-03-01T10:00:00"), SP)).toBe(true);
  });

  it("handles hours that span midnight", () => {
    const night = hours.map((day) => ({ ...day, startTime: "22:00", endTime: "06:00" }));
    expect(isWithinWorkingHours(night, at("2026-03-02T23:00:00"), SP)).toBe(true);
    expect(isWithinWorkingHours(night, at("2026-03-02T05:00:00"), SP)).toBe(true);
    expect(isWithinWorkingHours(night, at("2026-03-02T12:00:00"), SP)).toBe(false);
  });
});
