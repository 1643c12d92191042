import { describe, expect, it } from "vitest";
import { dueDateWarningDays } from "./due-date.js";

describe("dueDateWarningDays", () => {
  const now = new Date(2025, 0, 10, 15, 30);

  it("warns with fewer than 5 days left", () => {
    expect(dueDateWarningDays("2025-01-11", now)).toBe(1);
    expect(dueDateWarningDays("2025-01-14", now)).toBe(4);
    expect(dueDateWarningDays("2025-01-10", now)).toBe(0);
  });

  it("stays quiet with 5 or more days, a past date or no date", () => {
    expect(dueDateWarningDays("2025-01-15", now)).toBeNull();
    expect(dueDateWarningDays("2025-01-09", now)).toBeNull();
    expect(dueDateWarningDays(null, now)).toBeNull();
    expect(dueDateWarningDays("not a date", now)).toBeNull();
  });
});
