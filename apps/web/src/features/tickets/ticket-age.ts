/** The card's age label (core-service section 9): its unit, number and colour. */
export interface TicketAge {
  unit: "minutes" | "hours" | "days";
  value: number;
  /** 3-10 min green; 30-59 min orange; an hour or more red; otherwise no colour. */
  color: "success" | "warning" | "error" | null;
}

const MINUTE = 60_000;

export function ticketAge(since: string | Date, now: Date | number = Date.now()): TicketAge {
  const minutes = Math.max(0, Math.floor((Number(now) - new Date(since).getTime()) / MINUTE));
  if (minutes >= 24 * 60) return { unit: "days", value: Math.floor(minutes / (24 * 60)), color: "error" };
  if (minutes >= 60) return { unit: "hours", value: Math.floor(minutes / 60), color: "error" };
  if (minutes >= 30) return { unit: "minutes", value: minutes, color: "warning" };
  if (minutes >= 3 && minutes <= 10) return { unit: "minutes", value: minutes, color: "success" };
  return { unit: "minutes", value: minutes, color: null };
}
