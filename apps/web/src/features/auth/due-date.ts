import { differenceInCalendarDays, isValid, parseISO } from "date-fns";
import { SUBSCRIPTION_WARNING_DAYS } from "@atendo/shared";

/** Days until the company's due date when the warning applies (fewer than 5 left), else null. */
export function dueDateWarningDays(dueDate: string | null | undefined, now: Date = new Date()): number | null {
  if (!dueDate) return null;
  const due = parseISO(dueDate);
  if (!isValid(due)) return null;
  const days = differenceInCalendarDays(due, now);
  return days >= 0 && days < SUBSCRIPTION_WARNING_DAYS ? days : null;
}
