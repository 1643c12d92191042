import { describe, expect, it } from "vitest";
import { defaultDueDate, dueState, extendedDueDate } from "./company-due.js";

const today = new Date(2026, 0, 10, 15, 30);

describe("company due dates", () => {
  it("colours a row by days left: past or today red, 1 to 5 days yellow", () => {
    expect(dueState("2026-01-09", today)).toBe("overdue");
    expect(dueState("2026-01-10", today)).toBe("overdue");
    expect(dueState("2026-01-11", today)).toBe("soon");
    expect(dueState("2026-01-15", today)).toBe("soon");
    expect(dueState("2026-01-16", today)).toBe("ok");
    expect(dueState(null, today)).toBe("none");
  });

  it("extends by the recurrence's months", () => {
    expect(extendedDueDate("2026-01-15", "MENSAL", today)).toBe("2026-02-15");
    expect(extendedDueDate("2026-01-15", "BIMESTRAL", today)).toBe("2026-03-15");
    expect(extendedDueDate("2026-01-15", "TRIMESTRAL", today)).toBe("2026-04-15");
    expect(extendedDueDate("2026-01-15", "SEMESTRAL", today)).toBe("2026-07-15");
    expect(extendedDueDate("2026-01-15", "ANUAL", today)).toBe("2027-01-15");
    expect(extendedDueDate("2026-01-31", "MENSAL", today)).toBe("2026-02-28");
    expect(extendedDueDate(null, "MENSAL", today)).toBe("2026-02-10");
  });

  it("defaults a new company's due date to 3 days ahead", () => {
    expect(defaultDueDate(today)).toBe("2026-01-13");
    expect(defaultDueDate(new Date(2026, 11, 30))).toBe("2027-01-02");
  });
});
