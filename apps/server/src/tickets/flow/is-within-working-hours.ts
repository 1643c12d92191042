import { zonedTime } from "./flow-time.js";

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * Whether `now` (the company's clock) falls in the day's working hours: start inclusive, end exclusive. A day whose
 * start equals its end (the default Sunday, 00:00–00:00) is closed; an end before the start spans midnight. A day
 * missing from the table is closed; an empty table means no hours were set, so always open.
 */
/** A stored day of working hours (queues and companies keep them as JSON). */
export interface WorkingDay {
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

export function isWithinWorkingHours(entries: readonly WorkingDay[], now: Date, timeZone: string): boolean {
  if (entries.length === 0) return true;
  const clock = zonedTime(now, timeZone);
  const day = entries.find((entry) => entry.weekdayEn === clock.weekdayEn);
  if (!day) return false;
  const start = minutesOf(day.startTime);
  const end = minutesOf(day.endTime);
  const current = clock.hour * 60 + clock.minute;
  if (start === end) return false;
  if (start < end) return current >= start && current < end;
  return current >= start || current < end;
}
