import { format, isValid, parseISO } from "date-fns";

/** Dates are shown as dd/MM/yyyy in every language (spec section 9). */
export function formatDate(value: string | Date): string {
  const date = typeof value === "string" ? parseISO(value) : value;
  return isValid(date) ? format(date, "dd/MM/yyyy") : String(value);
}

/** A short date and time, dd/MM/yy HH:mm (the connection card's last update, spec section 2). */
export function formatShortDateTime(value: string | Date): string {
  const date = typeof value === "string" ? parseISO(value) : value;
  return isValid(date) ? format(date, "dd/MM/yy HH:mm") : String(value);
}
