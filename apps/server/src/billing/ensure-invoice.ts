import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { companies, invoices, plans } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";

type InvoiceRow = typeof invoices.$inferSelect;

/** What an invoice for a company's current period would say, or null when it has nothing to pay. */
export async function billableOf(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ dueDate: companies.dueDate, isPlatform: companies.isPlatform, planName: plans.name, value: plans.value })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row || row.isPlatform || !row.dueDate || row.planName === null || row.value === null || Number(row.value) <= 0) return null;
  return { period: row.dueDate, dueDate: row.dueDate, detail: row.planName, value: row.value };
}

/**
 * The invoice of the company's current period (its due date), created if missing. Idempotent: the unique key
 * (company, period) lets concurrent callers and the invoice job insert at most one; everyone reads the winner.
 */
export async function ensureInvoice(db: DbOrTx, companyId: number): Promise<InvoiceRow> {
  const billable = await billableOf(db, companyId);
  if (!billable) throw new AppError("ERR_NOTHING_TO_PAY", 409);
  await db
    .insert(invoices)
    .values({ companyId, ...billable })
    .onConflictDoNothing({ target: [invoices.companyId, invoices.period] });
  const [row] = await db
    .select()
    .from(invoices)
    .where(inCompany(invoices, companyId, eq(invoices.period, billable.period)))
    .limit(1);
  if (!row) throw new Error("unreachable: the invoice of the period exists after the insert");
  return row;
}
