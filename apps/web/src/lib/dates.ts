import { isValid, parseISO } from "date-fns";

// Fixed numeric patterns, written by hand: date-fns' format() and its default locale would ride along with the login
// page (which shows a due date in an error) for two patterns.
const pad = (n: number) => String(n).padStart(2, "0");
function format(date: Date, pattern: "dd/MM/yyyy" | "dd/MM/yy HH:mm"): string {
  const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}`;
  if (pattern === "dd/MM/yyyy") return `${day}/${String(date.getFullYear()).padStart(4, "0")}`;
  return `${day}/${pad(date.getFullYear() % 100)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

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
