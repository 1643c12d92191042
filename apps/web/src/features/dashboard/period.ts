/** The dashboard's period choices; custom takes two dates (inclusive), the others end today. */
export type PeriodKind = "today" | "7d" | "30d" | "custom";

export interface PeriodChoice {
  kind: PeriodKind;
  /** yyyy-MM-dd, custom only. */
  start?: string;
  end?: string;
}

export interface DashboardParams {
  from: string;
  to: string;
  tzOffset: number;
  queueId?: number;
  userId?: number;
}

const DAYS: Record<Exclude<PeriodKind, "custom">, number> = { today: 1, "7d": 7, "30d": 30 };

function midnight(date: Date): Date {
  const copy = new Date(date);
  copy.setHours(0, 0, 0, 0);
  return copy;
}

function addDays(date: Date, days: number): Date {
  const copy = new Date(date);
  copy.setDate(copy.getDate() + days);
  return copy;
}

/** A yyyy-MM-dd of the viewer's calendar, at local midnight. */
function parseDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

export function dayString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** [from, to) of a choice, in the viewer's days; null for an incomplete or backwards custom period. */
export function periodRange(choice: PeriodChoice, now = new Date()): { from: Date; to: Date } | null {
  if (choice.kind === "custom") {
    const start = choice.start ? parseDay(choice.start) : null;
    const end = choice.end ? parseDay(choice.end) : null;
    if (!start || !end || end < start) return null;
    return { from: start, to: addDays(end, 1) };
  }
  const tomorrow = addDays(midnight(now), 1);
  return { from: addDays(tomorrow, -DAYS[choice.kind]), to: tomorrow };
}

export function dashboardParams(choice: PeriodChoice, filters: { queueId?: number; userId?: number }, now = new Date()): DashboardParams | null {
  const range = periodRange(choice, now);
  if (!range) return null;
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    // Minutes east of UTC at the period's start (the server places tickets in the viewer's days).
    tzOffset: -range.from.getTimezoneOffset(),
    ...(filters.queueId ? { queueId: filters.queueId } : {}),
    ...(filters.userId ? { userId: filters.userId } : {}),
  };
}
