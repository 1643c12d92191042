import type { WeekdayEn } from "@atendo/shared";

/** Used when neither the company nor the environment names a time zone: the product's first market. */
export const FALLBACK_TIME_ZONE = "America/Sao_Paulo";

function isTimeZone(zone: string | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone of a company's clock (greeting, {{hora}}, {{protocol}}, working hours). Companies have no time zone of
 * their own yet, so it is the process's TZ when that is a valid IANA zone, else America/Sao_Paulo.
 */
export function flowTimeZone(companyZone?: string | null, env: NodeJS.ProcessEnv = process.env): string {
  if (isTimeZone(companyZone ?? undefined)) return companyZone!;
  if (isTimeZone(env.TZ)) return env.TZ;
  return FALLBACK_TIME_ZONE;
}

export interface ZonedTime {
  weekdayEn: WeekdayEn;
  /** 0-23 */
  hour: number;
  minute: number;
  /** HH:mm */
  hhmm: string;
  /** yyyyMMdd */
  ymd: string;
}

const WEEKDAY_OF: Record<string, WeekdayEn> = {
  Mon: "monday",
  Tue: "tuesday",
  Wed: "wednesday",
  Thu: "thursday",
  Fri: "friday",
  Sat: "saturday",
  Sun: "sunday",
};

/** One formatter per zone: making an Intl.DateTimeFormat costs far more than using one (every automatic text). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** A moment as the wall clock of `timeZone` shows it. */
export function zonedTime(date: Date, timeZone: string): ZonedTime {
  const parts = formatterOf(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const hour = Number(part("hour")) % 24;
  const minute = Number(part("minute"));
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    weekdayEn: WEEKDAY_OF[part("weekday")] ?? "monday",
    hour,
    minute,
    hhmm: `${pad(hour)}:${pad(minute)}`,
    ymd: `${part("year")}${part("month")}${part("day")}`,
  };
}
