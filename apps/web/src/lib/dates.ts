import { format, isValid, parseISO } from "date-fns";

/** Dates are shown as dd/MM/yyyy in every language (spec section 9). */
export function formatDate(value: string | Date): string {
  const date = typeof value === "string" ? parseISO(value) : value;
  return isValid(date) ? format(date, "dd/MM/yyyy") : String(value);
}
