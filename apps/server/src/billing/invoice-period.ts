/**
 * Due dates are whole days (yyyy-MM-dd, UTC), the last valid day of a period. Adding months keeps the day of the month,
 * clamped to the month's last day (31 Jan + 1 month = 28/29 Feb), as the platform's extension button does.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** Money compared in cents: "99.9", "99.90" and 99.9 are the same amount. */
export function toCents(value: string | number): number {
  return Math.round(Number(value) * 100);
}

/** How many days before a period's due date its invoice is issued (and shown on the Faturas page). */
export const INVOICE_LEAD_DAYS = 10;
