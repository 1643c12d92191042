import { and, eq, gt, isNotNull, lte } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { companies, invoices, plans } from "../db/schema.js";
import { todayIso } from "../companies/assert-company-access.js";
import { addDays, INVOICE_LEAD_DAYS } from "./invoice-period.js";

/**
 * The invoice job: every active company whose due date is at most INVOICE_LEAD_DAYS away (or past) and whose plan
 * costs something gets the invoice of that period. Safe to run any number of times, in any number of processes: the
 * unique key (company, period) refuses a second invoice. Returns how many it created.
 * Unscoped by design: it walks every company of the platform.
 */
export async function createDueInvoicesUnscoped(db: DbOrTx, now = new Date()): Promise<number> {
  const horizon = addDays(todayIso(now), INVOICE_LEAD_DAYS);
  const due = await db
    .select({ companyId: companies.id, dueDate: companies.dueDate, detail: plans.name, value: plans.value })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(
      and(
        eq(companies.isPlatform, false),
        eq(companies.status, true),
        isNotNull(companies.dueDate),
        lte(companies.dueDate, horizon),
        gt(plans.value, "0"),
      ),
    );
  let created = 0;
  for (const c of due) {
    const inserted = await db
      .insert(invoices)
      .values({ companyId: c.companyId, detail: c.detail, value: c.value, dueDate: c.dueDate!, period: c.dueDate! })
      .onConflictDoNothing({ target: [invoices.companyId, invoices.period] })
      .returning({ id: invoices.id });
    created += inserted.length;
  }
  return created;
}
