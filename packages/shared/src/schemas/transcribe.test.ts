import { describe, expect, it } from "vitest";
import { groupSettingsSchema, isGroupSettingsBody, normalizeSummaryTime, summaryTimeTooEarly } from "./transcribe.js";

describe("group summary time", () => {
  const now = new Date(2026, 10, 24, 14, 30, 0);

  it("must be at least 5 minutes ahead of now; the message names the earliest time", () => {
    expect(summaryTimeTooEarly("14:34", now)).toBe("14:35");
    expect(summaryTimeTooEarly("14:00", now)).toBe("14:35");
    expect(summaryTimeTooEarly("14:35", now)).toBeNull();
    expect(summaryTimeTooEarly("18:00", now)).toBeNull();
    expect(summaryTimeTooEarly("nope", now)).toBe("14:35");
    // Five minutes before midnight nothing later today is possible.
    expect(summaryTimeTooEarly("23:59", new Date(2026, 10, 24, 23, 57))).toBe("00:02");
  });

  it("is saved as HH:MM:00, anything else as 00:00:00", () => {
    expect(normalizeSummaryTime("09:10")).toBe("09:10:00");
    expect(normalizeSummaryTime("09:10:45")).toBe("09:10:00");
    expect(normalizeSummaryTime("9h")).toBe("00:00:00");
    expect(normalizeSummaryTime(null)).toBe("00:00:00");
    expect(groupSettingsSchema.parse({ timeresume: "21:40" })).toEqual({ timeresume: "21:40:00" });
    expect(groupSettingsSchema.safeParse({ timeresume: "24:00" }).success).toBe(false);
  });

  it("tells the transcribe page's body from the contact form's", () => {
    expect(isGroupSettingsBody({ activetranscribe: true })).toBe(true);
    expect(isGroupSettingsBody({ resumegroup: false })).toBe(true);
    expect(isGroupSettingsBody({ name: "Ana", number: "5511999999999" })).toBe(false);
    expect(groupSettingsSchema.safeParse({}).success).toBe(false);
    expect(groupSettingsSchema.safeParse({ activetranscribe: true, name: "x" }).success).toBe(false);
  });
});
