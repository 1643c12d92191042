import { addMonths, differenceInCalendarDays, isValid, parseISO } from "date-fns";
import { COMPANY_DUE_WARNING_DAYS, RECURRENCE_MONTHS, type Recurrence } from "@atendo/shared";

export type DueState = "none" | "ok" | "soon" | "overdue";

const pad = (n: number) => String(n).padStart(2, "0");
/** A local calendar day as yyyy-MM-dd. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Company row colour (administration section 4): due today or past red, due in 1 to 5 days yellow. */
export function dueState(dueDate: string | null, today = new Date()): DueState {
  if (!dueDate) return "none";
  const due = parseISO(dueDate);
  if (!isValid(due)) return "none";
  const days = differenceInCalendarDays(due, today);
  if (days <= 0) return "overdue";
  if (days <= COMPANY_DUE_WARNING_DAYS) return "soon";
  return "ok";
}

/**
 * The extension button: the due date plus 1, 2, 3, 6 or 12 months by recurrence (a month-end stays in its month:
 * 31 Jan + 1 month = 28/29 Feb). A company without a due date counts from today.
 */
export function extendedDueDate(dueDate: string | null, recurrence: Recurrence, today = new Date()): string {
  const from = dueDate && isValid(parseISO(dueDate)) ? parseISO(dueDate) : today;
  return isoDay(addMonths(from, RECURRENCE_MONTHS[recurrence]));
}

/** The admin form's default due date: 3 days ahead (administration section 4). */
export function defaultDueDate(today = new Date()): string {
  return isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 3));
}
