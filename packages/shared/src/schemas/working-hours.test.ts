import { describe, expect, it } from "vitest";
import { companySchedulesSchema, defaultWorkingHours } from "./queues.js";

const withMonday = (startTime: string, endTime: string) =>
  defaultWorkingHours().map((day) => (day.weekdayEn === "monday" ? { ...day, startTime, endTime } : day));

describe("working hours", () => {
  it("refuses a day that closes before it opens, on the end field, with a clear message", () => {
    const result = companySchedulesSchema.safeParse({ schedules: withMonday("08:00", "07:59") });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["schedules", 0, "endTime"], message: "validation.endBeforeStart" })]);
  });

  it("accepts a closed day (equal times), a day ending at midnight and the defaults", () => {
    expect(companySchedulesSchema.safeParse({ schedules: withMonday("00:00", "00:00") }).success).toBe(true);
    expect(companySchedulesSchema.safeParse({ schedules: withMonday("18:00", "00:00") }).success).toBe(true);
    expect(companySchedulesSchema.safeParse({ schedules: defaultWorkingHours() }).success).toBe(true);
  });
});
